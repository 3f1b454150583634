import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RENDERER_CSP } from '#shared/http/csp';
import { createRendererHandler, rendererFileFor } from '../../electron/shell/renderer-files.js';

const dir = mkdtempSync(join(tmpdir(), 'jobindex-renderer-'));
const root = join(dir, 'renderer');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="./assets/app.js"></script>');
writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
// A file beside the renderer folder that no URL may reach.
writeFileSync(join(dir, 'secret.txt'), 'secret');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fetched: string[] = [];
const handler = createRendererHandler(root, async (file) => {
  fetched.push(file);
  const type = file.endsWith('.html') ? 'text/html' : 'text/javascript';
  return new Response(readFileSync(file), { headers: { 'content-type': type } });
});
const get = (url: string, method = 'GET') => handler(new Request(url, { method }));

describe('the app: protocol', () => {
  it('serves the entry page and its assets with the CSP header', async () => {
    const page = await get('app://jobindex/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html');
    expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<script type="module"');
    const js = await get('app://jobindex/assets/app.js');
    expect(js.status).toBe(200);
    expect(await js.text()).toBe('console.log(1)');
  });

  it('serves index.html for the root and for the app’s routes (paths without an extension)', async () => {
    for (const url of ['app://jobindex/', 'app://jobindex/jobs/123']) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(await res.text()).toContain('<!doctype html>');
    }
  });

  it('never reads outside the renderer folder', async () => {
    fetched.length = 0;
    for (const url of [
      'app://jobindex/..%2fsecret.txt',
      'app://jobindex/assets/..%2f..%2fsecret.txt',
      'app://jobindex/%2e%2e/secret.txt',
      'app://jobindex/..%5csecret.txt',
      'app://jobindex/assets%5c..%5c..%5csecret.txt',
      'app://jobindex/index.html%00.js',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(await res.text()).not.toContain('secret\n');
    }
    expect(fetched.filter((f) => !f.startsWith(root + sep))).toEqual([]);
    // Dot segments the URL parser resolves itself stay inside: /../secret.txt is /secret.txt there.
    expect(rendererFileFor(root, 'app://jobindex/../secret.txt')).toEqual({ file: join(root, 'secret.txt') });
  });

  it('answers 404 for a missing file or another host, 405 for other methods, all with the CSP', async () => {
    const missing = await get('app://jobindex/assets/nope.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect((await get('app://other/index.html')).status).toBe(404);
    expect((await get('app://jobindex/index.html', 'POST')).status).toBe(405);
    const head = await get('app://jobindex/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});

describe('the CSP', () => {
  const directives = new Map(RENDERER_CSP.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));

  it('denies by default and allows scripts only from the app itself', () => {
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('gives the page no network: it talks to main over the bridge', () => {
    expect(directives.get('connect-src')).toEqual(["'none'"]);
    expect(RENDERER_CSP).not.toMatch(/unsafe-(inline|eval)/);
  });
});
