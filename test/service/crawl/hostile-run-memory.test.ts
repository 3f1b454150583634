// Issue 32 item 2: a crawl's peak memory is bounded per run, not only per request. Sixteen
// hostile boards read at once (gzip bombs, 200 MB bodies, 20 MB descriptions, deep nesting, a
// a good board) at the default answer limit: the crawling process
// measures its own peak RSS and the test asserts it.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, root } from '../../helpers/built-dist.js';
import { fixture, readJobs, tempIndex } from './crawl-harness.js';
import { HostileServer } from './hostile-server.js';

const run = promisify(execFile);
/**
 * A crawl's peak RSS whatever the boards send: the bound. It measured 395-416 MB while V8
 * ran no full collection; with the heap relief (net/heap-relief.ts) 301-307 MB (2026-11-28).
 */
const RSS_BOUND_MB = 400;

type Summary = {
  boards: Array<{ board: { token: string }; state: string; added: number; cut?: number; error?: string }>;
};

function posting(id: number, title: string, content: string): object {
  return {
    id,
    title,
    location: { name: 'Berlin, Germany' },
    absolute_url: `https://example.com/jobs/${id}`,
    company_name: 'Hostile Ltd',
    content,
  };
}

describe('sixteen hostile boards read at once', { timeout: 300_000 }, () => {
  let server: HostileServer;
  const idx = tempIndex();
  const boards: string[] = [];

  beforeAll(async () => {
    await ensureBuilt();
    server = await HostileServer.start();
    const add = (token: string, answer: Parameters<HostileServer['set']>[1]) => {
      server.set(token, answer);
      boards.push(token);
    };
    add('good', { kind: 'json', body: fixture('greenhouse-acme.json') });
    for (let i = 0; i < 4; i++) add(`bomb${i}`, { kind: 'endless', bytes: 1 << 30, gzip: true });
    for (let i = 0; i < 5; i++) add(`huge${i}`, { kind: 'endless', bytes: 200 << 20, gzip: false });
    const big = '<p>Build launch systems with us, every day. </p>'.repeat(420_000); // ~20 MB
    for (let i = 0; i < 5; i++) {
      add(`bigdesc${i}`, {
        kind: 'json',
        body: JSON.stringify({
          jobs: [posting(10 + i, `Engineer with a long description ${i}`, big)],
          meta: { total: 1 },
        }),
      });
    }
    const deep = `${'<div>'.repeat(100_000)}Deep inside${'</div>'.repeat(100_000)}`;
    add('deep', {
      kind: 'json',
      body: JSON.stringify({ jobs: [posting(2, 'Engineer nested deep', deep)], meta: { total: 1 } }),
    });
  }, 300_000);
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('stays under the bound with every board in flight, and fails only the oversized ones', async () => {
    const argv = ['--import', join(root, 'test/helpers/report-max-rss.mjs'), 'bin/jobindex.js', 'crawl'];
    argv.push('--db', idx.file, '--api-base', `greenhouse=${server.url}`, '--json');
    for (const t of boards) argv.push('--board', `greenhouse:${t}`);
    const r = await run(process.execPath, argv, { cwd: root, maxBuffer: 64 << 20, timeout: 240_000 }).then(
      (x) => ({ code: 0, stdout: x.stdout, stderr: x.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
    const kib = /maxRSS (\d+)\s*$/.exec(r.stderr)?.[1];
    if (!kib) throw new Error(`the child reported no peak RSS: ${r.stderr.slice(-2000)}`);
    const maxRssMb = Number(kib) / 1024;
    console.info(`peak RSS of the crawl of ${boards.length} hostile boards at once: ${Math.round(maxRssMb)} MB`);
    expect(r.code, r.stderr).toBe(5); // some boards failed
    const by = new Map((JSON.parse(r.stdout) as Summary).boards.map((b) => [b.board.token, b]));
    expect(by.get('good')).toMatchObject({ state: 'ok', added: 2 });
    // The summary says which descriptions were stored cut (to 200,000 characters, 40 deep).
    expect(by.get('deep')).toMatchObject({ state: 'ok', added: 1, cut: 1 });
    for (let i = 0; i < 5; i++) expect(by.get(`bigdesc${i}`)).toMatchObject({ state: 'ok', added: 1, cut: 1 });
    expect(by.get('good')!.cut).toBeUndefined();
    for (let i = 0; i < 5; i++) {
      for (const t of [`huge${i}`, ...(i < 4 ? [`bomb${i}`] : [])]) {
        expect(by.get(t)).toMatchObject({ state: 'error', added: 0 });
        expect(by.get(t)!.error).toMatch(/^answer larger than 64 MB/);
      }
    }
    expect(readJobs(idx.file).length).toBe(2 + 1 + 5);
    expect(maxRssMb).toBeLessThan(RSS_BOUND_MB);
  });
});
