import { RENDERER_CSP } from '#shared/http/csp';

/**
 * The Content-Security-Policy of the UI `serve --ui` sends: the Electron shell's, except that the
 * page talks to its own origin over fetch (Connect) rather than the preload bridge. It keeps
 * `frame-ancestors 'none'`, so no other site can frame the user's data.
 */
export const WEB_UI_CSP = RENDERER_CSP.replace("connect-src 'none'", "connect-src 'self'");
