import { useState } from 'react';
import { alerts } from '#platform/alerts';

/**
 * In a browser, search alerts need the person's leave (docs/decisions/search-alerts.md): this
 * offers to ask, or says why none will show. The desktop app shows nothing here.
 */
export function AlertsPermissionNote() {
  const [permission, setPermission] = useState(alerts.permission);
  if (permission === 'app' || permission === 'granted') return null;
  if (permission === 'default')
    return (
      <p className="muted">
        Saved searches with alerts on can tell you when new jobs match them.{' '}
        <button type="button" className="button" onClick={() => void alerts.request().then(setPermission)}>
          Allow notifications
        </button>
      </p>
    );
  return (
    <p className="muted" role="note">
      {permission === 'denied'
        ? 'This browser blocks notifications from this page; allow them in its site settings to get alerts.'
        : 'This browser cannot show notifications.'}{' '}
      The Searches tab still counts new jobs.
    </p>
  );
}
