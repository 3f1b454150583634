import { useState } from 'react';
import type { Settings } from '#shared/gen/svc/settings/v1/settings_pb';
import { THEMES, type Theme } from '#shared/rules/theme';
import { settingsClient } from '../../api/clients.js';
import { userErrorText } from '../../api/user-error.js';
import { useTheme } from '../../state/theme-store.js';

const WORDS: Record<Theme, string> = { system: 'Same as the system', light: 'Light', dark: 'Dark' };

/** Light, dark, or as the system says: applied at once, kept in the user's file. */
export function ThemeChoice({ theme, onSaved }: { theme: string; onSaved(s: Settings | undefined): void }) {
  // Shown at once; put back if the file refuses it.
  const [chosen, setChosen] = useState(theme);
  const [error, setError] = useState('');
  return (
    <section aria-labelledby="theme-title">
      <h2 id="theme-title">Appearance</h2>
      <fieldset className="field settings__themes">
        <legend>Theme</legend>
        {THEMES.map((t) => (
          <label key={t} className="radio">
            <input
              type="radio"
              name="theme"
              value={t}
              checked={chosen === t}
              onChange={() => {
                setError('');
                setChosen(t);
                useTheme.getState().show(t);
                settingsClient.setTheme({ theme: t }).then(
                  (r) => onSaved(r.settings),
                  (e: unknown) => {
                    setChosen(theme);
                    useTheme.getState().show(theme);
                    setError(userErrorText(e));
                  },
                );
              }}
            />
            {WORDS[t]}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
