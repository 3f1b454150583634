import { extname, isAbsolute, relative, resolve } from 'node:path';
import { APP_HOST, APP_SCHEME } from '#shared/ipc/app-origin';
import { RENDERER_CSP } from '#shared/http/csp';

const SECURITY_HEADERS = {
  'Content-Security-Policy': RENDERER_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

function answer(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS } });
}

/**
 * Maps an `app://jobindex/...` URL to a file under `root`, or says why not. Paths are decoded once
 * and must stay inside `root`: `..`, encoded slashes or backslashes and NUL bytes are refused.
 * Paths without an extension are the single-page app's routes and get `index.html`.
 */
export function rendererFileFor(root: string, url: string): { file: string } | { status: 400 | 404; reason: string } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { status: 400, reason: 'not a URL' };
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST) return { status: 404, reason: `not an app URL: ${url}` };
  let path: string;
  try {
    path = decodeURIComponent(u.pathname);
  } catch {
    return { status: 400, reason: 'bad percent-encoding' };
  }
  if (path.includes('\0') || path.includes('\\') || path.split('/').some((seg) => seg === '..')) {
    return { status: 400, reason: `refused path ${JSON.stringify(path)}` };
  }
  if (path === '/' || extname(path) === '') path = '/index.html';
  const file = resolve(root, `.${path}`);
  const rel = relative(resolve(root), file);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return { status: 400, reason: `outside the app: ${path}` };
  return { file };
}

/** Reads one file as a Response with its content type (main passes Electron's `net.fetch` of a file: URL). */
export type FetchFile = (file: string) => Promise<Response>;

/** The `app:` protocol handler: the built renderer (`dist/renderer/`) with the CSP on every answer. */
export function createRendererHandler(root: string, fetchFile: FetchFile): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, `${request.method} is not allowed`);
    const found = rendererFileFor(root, request.url);
    if ('status' in found) return answer(found.status, found.reason);
    const file = await fetchFile(found.file).catch(() => undefined);
    if (!file?.ok) return answer(404, `not found: ${new URL(request.url).pathname}`);
    const type = file.headers.get('content-type') ?? 'application/octet-stream';
    return new Response(request.method === 'HEAD' ? null : file.body, {
      status: 200,
      headers: { 'Content-Type': type, ...SECURITY_HEADERS },
    });
  };
}
