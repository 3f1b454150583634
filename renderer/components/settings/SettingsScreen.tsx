import { useCallback, useEffect, useState } from 'react';
import type { Settings } from '#shared/gen/svc/settings/v1/settings_pb';
import { settingsClient } from '../../api/clients.js';
import { describeError, type UiError } from '../../api/ui-error.js';
import { useTheme } from '../../state/theme-store.js';
import { ErrorState } from '../feedback.js';
import { DataPlace } from './DataPlace.js';
import { ThemeChoice } from './ThemeChoice.js';
import { UpstreamForm } from './UpstreamForm.js';

/** Settings: where the index syncs from (and reports go), how often, the theme, where the data lives. */
export function SettingsScreen() {
  const [settings, setSettings] = useState<Settings | undefined>();
  const [error, setError] = useState<UiError | undefined>();
  const load = useCallback(() => {
    settingsClient.get({}).then(
      (r) => {
        setSettings(r.settings);
        setError(undefined);
      },
      (e: unknown) => setError(describeError(e)),
    );
  }, []);
  useEffect(load, [load]);
  const changed = useCallback((s: Settings | undefined) => {
    setSettings(s);
    if (s) useTheme.getState().show(s.theme);
  }, []);

  return (
    <div className="screen page settings">
      <h1>Settings</h1>
      {error && <ErrorState error={error} onRetry={load} />}
      {settings && (
        <>
          <UpstreamForm settings={settings} onSaved={changed} />
          <ThemeChoice theme={settings.theme} onSaved={changed} />
          <DataPlace settings={settings} />
        </>
      )}
    </div>
  );
}
