// Hostile boards (issue 32 items 1–3): answers that would cost the crawl gigabytes fail alone, the
// crawl goes on and prints its summary, and its peak memory, measured by the crawling process
// itself, stays bounded whatever a board sends.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, root } from '../../helpers/built-dist.js';
import { fixture, readJobs, tempIndex } from './crawl-harness.js';
import { HostileServer } from './hostile-server.js';

const run = promisify(execFile);
/** The bound of the scale work (issue 28): a crawl's peak RSS, whatever a board sends. */
const RSS_BOUND_MB = 400;

interface Crawled {
  code: number;
  stdout: string;
  stderr: string;
  maxRssMb: number;
}

/** `jobindex crawl …` in a child that reports its own peak RSS as it exits. */
async function crawlChild(args: string[]): Promise<Crawled> {
  const argv = ['--import', join(root, 'test/helpers/report-max-rss.mjs'), 'bin/jobindex.js', 'crawl', ...args];
  const r = await run(process.execPath, argv, { cwd: root, maxBuffer: 64 << 20, timeout: 90_000 }).then(
    (x) => ({ code: 0, stdout: x.stdout, stderr: x.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
  const kib = /maxRSS (\d+)\s*$/.exec(r.stderr)?.[1];
  if (!kib) throw new Error(`the child reported no peak RSS: ${r.stderr.slice(-2000)}`);
  return { ...r, stderr: r.stderr.replace(/\s*maxRSS \d+\s*$/, ''), maxRssMb: Number(kib) / 1024 };
}

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

/** The deepest nesting of tags in `html`. */
function depthOf(html: string): number {
  let depth = 0;
  let max = 0;
  for (const m of html.matchAll(/<(\/?)(\w+)[^>]*>/g)) {
    if (['br', 'hr'].includes(m[2]!.toLowerCase())) continue;
    depth += m[1] ? -1 : 1;
    max = Math.max(max, depth);
  }
  return max;
}

type Summary = { boards: Array<{ board: { token: string }; state: string; added: number; error?: string }> };

describe('a crawl beside hostile boards', { timeout: 180_000 }, () => {
  let server: HostileServer;
  const idx = tempIndex();

  beforeAll(async () => {
    await ensureBuilt();
    server = await HostileServer.start();
    server.set('good', { kind: 'json', body: fixture('greenhouse-acme.json') });
    // 1 GB of JSON whitespace, gzipped (~1 MB on the wire), and 200 MB uncompressed.
    server.set('bomb', { kind: 'endless', bytes: 1 << 30, gzip: true });
    server.set('huge', { kind: 'endless', bytes: 200 << 20, gzip: false });
    const big = '<p>Build launch systems with us, every day. </p>'.repeat(420_000); // ~20 MB
    const deep = `${'<div>'.repeat(100_000)}Deep inside${'</div>'.repeat(100_000)}`;
    server.set('bigdesc', {
      kind: 'json',
      body: JSON.stringify({ jobs: [posting(1, 'Engineer with a long description', big)], meta: { total: 1 } }),
    });
    server.set('deep', {
      kind: 'json',
      body: JSON.stringify({ jobs: [posting(2, 'Engineer nested deep', deep)], meta: { total: 1 } }),
    });
  }, 300_000);
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('fails only the boards whose answer is over the limit (counted decompressed), with bounded memory', async () => {
    const r = await crawlChild([
      '--db',
      idx.file,
      '--board',
      'greenhouse:bomb',
      '--board',
      'greenhouse:huge',
      '--board',
      'greenhouse:good',
      '--api-base',
      `greenhouse=${server.url}`,
      '--max-answer-mb',
      '8',
      '--json',
    ]);
    expect(r.stderr).not.toMatch(/RangeError|Invalid string length|heap/i);
    expect(r.code).toBe(5); // some boards failed (README "Exit codes")
    const s = JSON.parse(r.stdout) as Summary;
    const by = new Map(s.boards.map((b) => [b.board.token, b]));
    expect(by.get('good')).toMatchObject({ state: 'ok', added: 2 });
    for (const t of ['bomb', 'huge']) {
      expect(by.get(t)).toMatchObject({ state: 'error', added: 0 });
      expect(by.get(t)!.error).toMatch(/^answer larger than 8 MB/);
    }
    // The server made only about what the client read before stopping (plus socket buffers;
    // gzipped, those buffers hold hundreds of MB once inflated, so only the plain body is checked).
    expect(server.written.get('huge')!).toBeLessThan(64 << 20);
    console.info(`peak RSS of the crawl: ${Math.round(r.maxRssMb)} MB`);
    expect(r.maxRssMb).toBeLessThan(RSS_BOUND_MB);
    // Nothing was expired and the next run is not stuck at the failed boards.
    const again = await crawlChild([
      '--db',
      idx.file,
      '--board',
      'greenhouse:bomb',
      '--board',
      'greenhouse:good',
      '--api-base',
      `greenhouse=${server.url}`,
      '--max-answer-mb',
      '8',
      '--json',
    ]);
    expect((JSON.parse(again.stdout) as Summary).boards.map((b) => b.state)).toEqual(['error', 'ok']);
  });

  it('keeps a 20 MB and a 100,000-deep description bounded in size, depth and memory', async () => {
    const r = await crawlChild([
      '--db',
      idx.file,
      '--board',
      'greenhouse:bigdesc',
      '--board',
      'greenhouse:deep',
      '--api-base',
      `greenhouse=${server.url}`,
      '--json',
    ]);
    const s = JSON.parse(r.stdout) as Summary;
    expect(s.boards.map((b) => [b.board.token, b.state, b.added])).toEqual([
      ['bigdesc', 'ok', 1],
      ['deep', 'ok', 1],
    ]);
    console.info(`peak RSS of the crawl: ${Math.round(r.maxRssMb)} MB`);
    expect(r.maxRssMb).toBeLessThan(RSS_BOUND_MB);
    const jobs = new Map(readJobs(idx.file).map((j) => [j.title, j]));
    const long = jobs.get('Engineer with a long description')!;
    expect(long.html.length).toBeLessThanOrEqual(200_000 + 10); // the sanitiser closes the cut <p>
    expect(long.html).toMatch(/^<p>Build launch systems/);
    const nested = jobs.get('Engineer nested deep')!;
    expect(depthOf(nested.html)).toBeLessThanOrEqual(40);
    expect(nested.html).toContain('Deep inside');
  });
});
