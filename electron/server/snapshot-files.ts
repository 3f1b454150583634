import { createReadStream, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { MANIFEST_NAME, SNAPSHOT_PATH } from '#service/snapshot/manifest';
import type { StaticFiles } from './static-files.js';

/**
 * `jobindex serve --snapshots DIR`: the folder `jobindex snapshot --out DIR` writes, under
 * `/snapshot/` (docs/decisions/snapshots.md), as any static host would serve it: GET and HEAD,
 * single byte ranges (so a cut download resumes), If-Range against the ETag. Only names the
 * snapshot writer makes are served: nothing else in the folder, never outside it.
 */
export function snapshotFiles(dir: string): StaticFiles {
  return (req, res, path) => {
    if (!path.startsWith(SNAPSHOT_PATH) || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const name = path.slice(SNAPSHOT_PATH.length);
    if (name !== MANIFEST_NAME && !/^index-\d{8}T\d{6}Z\.db\.zst$/.test(name)) return false;
    let st: Stats;
    try {
      st = statSync(join(dir, name));
    } catch {
      return false;
    }
    if (!st.isFile()) return false;
    serveFile(req, res, join(dir, name), st, name === MANIFEST_NAME);
    return true;
  };
}

function serveFile(req: IncomingMessage, res: ServerResponse, file: string, st: Stats, manifest: boolean): void {
  const etag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'Content-Type': manifest ? 'application/json' : 'application/zstd',
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Last-Modified': st.mtime.toUTCString(),
    // The manifest names the newest file and must be re-read; a snapshot file never changes.
    'Cache-Control': manifest ? 'no-cache' : 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
  };
  const range = rangeOf(req, st.size, etag);
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'Content-Range': `bytes */${st.size}` });
    return void res.end();
  }
  if (range) {
    const [start, end] = range;
    res.writeHead(206, {
      ...headers,
      'Content-Range': `bytes ${start}-${end}/${st.size}`,
      'Content-Length': String(end - start + 1),
    });
    if (req.method === 'HEAD') return void res.end();
    return void createReadStream(file, { start, end }).pipe(res);
  }
  res.writeHead(200, { ...headers, 'Content-Length': String(st.size) });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file).pipe(res);
}

/** One `bytes=a-b`, `a-` or `-n` range (RFC 9110 § 14); several ranges or a stale If-Range: the whole file. */
function rangeOf(req: IncomingMessage, size: number, etag: string): [number, number] | 'unsatisfiable' | undefined {
  const h = req.headers.range;
  if (!h) return undefined;
  const ifRange = req.headers['if-range'];
  if (ifRange !== undefined && ifRange !== etag) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(h.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (start >= size || end < start) return 'unsatisfiable';
  }
  return [start, end];
}
