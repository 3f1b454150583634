import { app, session, shell, type WebContents } from 'electron';
import { navigationDecision } from './navigation-policy.js';

function openExternally(url: string): void {
  // Only URLs the policy classed as web or mail links get here.
  shell.openExternal(url).catch((e: unknown) => console.error(`jobindex: could not open ${url}: ${String(e)}`));
}

/** Every web contents: no navigation away from the app, no new windows, links to the system browser. */
function guard(contents: WebContents): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (navigationDecision(url) === 'open-externally') openExternally(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    const decision = navigationDecision(url);
    if (decision === 'stay') return;
    event.preventDefault();
    if (decision === 'open-externally') openExternally(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (navigationDecision(url) !== 'stay') event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** App-wide rules, set before any window exists: sandbox everything, deny every permission. */
export function hardenApp(): void {
  app.enableSandbox();
  app.on('web-contents-created', (_e, contents) => guard(contents));
}

/** Once ready: the default session grants no permission (camera, notifications, geolocation, …). */
export function hardenSession(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
}
