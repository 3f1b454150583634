// `jobindex crawl` as a user runs it, against the replay server.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, root } from '../../helpers/built-dist.js';
import { fixture, readJobs, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

const run = promisify(execFile);
const cli = (...args: string[]) =>
  run(process.execPath, ['bin/jobindex.js', ...args], { cwd: root }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

describe('jobindex crawl', { timeout: 120_000 }, () => {
  let server: ReplayServer;
  const idx = tempIndex();
  let bases: string[];

  beforeAll(async () => {
    await ensureBuilt();
    server = await ReplayServer.start();
    server.setBoard('greenhouse', 'acme', fixture('greenhouse-acme.json'));
    server.setBoard('lever', 'acme', fixture('lever-acme.json'));
    server.setBoard('ashby', 'acme', fixture('ashby-acme.json'));
    bases = ['greenhouse', 'lever', 'ashby'].flatMap((p) => ['--api-base', `${p}=${server.url}`]);
  }, 300_000);
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('crawls boards given as platform:token, careers URL and a boards file; --json prints the summary', async () => {
    const list = join(dirname(idx.file), 'boards.txt');
    writeFileSync(list, '# our employers\nhttps://jobs.ashbyhq.com/acme\n\n');
    const r = await cli(
      'crawl',
      '--db',
      idx.file,
      '--board',
      'greenhouse:acme',
      '--board',
      'https://jobs.lever.co/acme',
      '--boards-file',
      list,
      ...bases,
      '--json',
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout) as {
      boards: Array<{
        board: { platform: string; token: string };
        state: string;
        added: number;
        skipped: Record<string, number>;
      }>;
    };
    expect(summary.boards.map((b) => [b.board.platform, b.board.token, b.state, b.added, b.skipped])).toEqual([
      ['greenhouse', 'acme', 'ok', 2, { no_description: 1 }],
      ['lever', 'acme', 'ok', 2, {}],
      ['ashby', 'acme', 'ok', 2, {}],
    ]);
    expect(readJobs(idx.file).filter((j) => j.source_type === 'ats')).toHaveLength(6);
  });

  it('prints a per-board summary, with the error of a board that failed', async () => {
    const r = await cli('crawl', '--db', idx.file, '--board', 'greenhouse:acme', '--board', 'lever:missing', ...bases);
    // Some boards failed: exit 5 (README "Exit codes"), the summary printed all the same.
    expect(r.code).toBe(5);
    expect(r.stdout).toMatch(
      /^OK +greenhouse:acme: 3 postings · added 0 · updated 0 · unchanged 2 · expired 0 · skipped 1 no description$/m,
    );
    expect(r.stdout).toMatch(/^ERROR +lever:missing: .*\n +HTTP 404$/m);
  });

  it('bad input is a clear error naming it, nothing is crawled', async () => {
    const a = await cli('crawl', '--db', idx.file, '--board', 'monster:acme');
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/--board: unknown platform "monster"/);
    const b = await cli('crawl', '--db', idx.file, '--board', 'https://example.com/careers');
    expect(b.stderr).toMatch(/--board: not a known careers URL: "https:\/\/example.com\/careers"/);
    const c = await cli('crawl', '--db', idx.file, '--board', 'greenhouse:acme', '--api-base', 'gh=http://x');
    expect(c.code).not.toBe(0);
    expect(c.stderr).toMatch(/PLATFORM=URL/);
  });
});
