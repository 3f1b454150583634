// `jobindex serve --ui DIR`: the built UI next to the API, GET/HEAD only, never outside DIR, and
// the API's own 404/405 rules unchanged.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureBuilt, root } from '../helpers/built-dist.js';
import { rawExchange } from './raw-http.js';
import { serve, type Served } from './serve-process.js';

let s: Served;
let dir: string;

beforeAll(async () => {
  await ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'jobindex-ui-'));
  mkdirSync(join(dir, 'ui', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'ui', 'index.html'), '<!doctype html><title>Job Index</title>');
  writeFileSync(join(dir, 'ui', 'assets', 'app-1a2b.js'), 'export {};');
  writeFileSync(join(dir, 'ui', 'assets', 'app-1a2b.css'), 'body{}');
  writeFileSync(join(dir, 'secret.txt'), 'do not serve');
  s = await serve('--db', inject('fixtureIndex'), '--ui', join(dir, 'ui'));
});
afterAll(async () => {
  expect(await s?.stop()).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string) =>
  rawExchange(s.url, (sock) => sock.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));

describe('serve --ui', () => {
  it('serves index.html at / and the assets with their content types', async () => {
    const index = await get('/');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body).toContain('<title>Job Index</title>');
    const js = await get('/assets/app-1a2b.js');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toContain('immutable');
    expect((await get('/assets/app-1a2b.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await get('/index.html?x=1')).status).toBe(200);
  });

  it('sends a strict CSP that forbids framing, inline script and foreign connections', async () => {
    for (const path of ['/', '/assets/app-1a2b.js']) {
      const r = await get(path);
      const csp = r.headers['content-security-policy'] ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("connect-src 'self'");
      expect(csp, path).toContain("default-src 'none'");
      expect(csp, path).not.toContain('unsafe-inline');
      expect(r.headers['x-frame-options'], path).toBe('DENY');
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const r = await fetch(`${s.url}/`, { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(r.headers.get('content-length')).toBe('39');
    expect(await r.text()).toBe('');
  });

  it('never serves a file outside the folder', async () => {
    for (const p of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%00',
      `/${join(dir, 'secret.txt')}`,
    ]) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      expect(r.body, p).not.toContain('do not serve');
    }
  });

  it('keeps the API rules: unknown paths 404, RPC paths POST only, other methods not served', async () => {
    expect((await get('/nope.html')).status).toBe(404);
    const rpc = await get('/svc.jobs.v1.JobsService/List');
    expect(rpc.status).toBe(405);
    expect(rpc.headers['allow']).toBe('POST');
    const post = await rawExchange(s.url, (sock) =>
      sock.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}'),
    );
    expect(post.status).toBe(404);
    const list = await fetch(`${s.url}/svc.jobs.v1.JobsService/List`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(list.status).toBe(200);
  });

  it('refuses to start without a built UI, saying how to build one', () => {
    const r = spawnSync(
      process.execPath,
      ['bin/jobindex.js', 'serve', '--port', '0', '--db', inject('fixtureIndex'), '--ui', join(dir, 'missing')],
      { cwd: root, encoding: 'utf8' },
    );
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('npm run build:renderer');
  });
});
