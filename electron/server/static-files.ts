import { createReadStream, existsSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { WEB_UI_CSP } from './ui-csp.js';

// The built renderer next to the API (`jobindex serve --ui dist/renderer`), so the app and the
// Connect endpoints share one origin and the browser needs no CORS.

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Answers a GET/HEAD for a file under `dir`; false when there is no such file (the caller 404s). */
export type StaticFiles = (req: IncomingMessage, res: ServerResponse, path: string) => boolean;

export function staticFiles(dir: string): StaticFiles {
  const root = resolve(dir);
  if (!existsSync(resolve(root, 'index.html'))) {
    throw new Error(`no built UI in ${dir} (index.html is missing); run \`npm run build:renderer\``);
  }
  return (req, res, path) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let rel: string;
    try {
      rel = decodeURIComponent(path);
    } catch {
      return false;
    }
    if (rel.includes('\0')) return false;
    if (rel === '/' || rel === '') rel = '/index.html';
    const file = resolve(root, '.' + rel);
    // Never outside the folder, whatever `..`, encoded slashes or absolute paths the URL holds.
    if (file !== root && !file.startsWith(root + sep)) return false;
    let st: Stats;
    try {
      st = statSync(file);
    } catch {
      return false;
    }
    if (!st.isFile()) return false;
    const hashed = rel.startsWith('/assets/');
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': String(st.size),
      // Vite puts a content hash in every asset name; index.html must be re-read to see new ones.
      'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      // On every file, not just index.html: an SVG or a JSON opened directly is a document too.
      'Content-Security-Policy': WEB_UI_CSP,
      'X-Frame-Options': 'DENY',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
    return true;
  };
}
