/**
 * The renderer's Content-Security-Policy, sent as a header with every page main serves. Scripts,
 * styles and fonts come only from the app's own origin (no inline script, no eval); the page talks
 * to main over the preload bridge, so it needs no network at all (`connect-src 'none'`). Images
 * too: no third-party host learns which companies a person looks at, so company logos from the
 * index are not loaded (initials show; docs/decisions/crawl.md § Logos).
 */
export const RENDERER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'none'",
  "manifest-src 'self'",
  "worker-src 'none'",
  "object-src 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
