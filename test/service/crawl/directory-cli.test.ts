// `jobindex boards search` and `jobindex crawl --directory` as a user runs them, against the replay server.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDirectoryFile } from '#service/directory/directory-file';
import { ensureBuilt, root } from '../../helpers/built-dist.js';
import { fixture, readJobs, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

const run = promisify(execFile);
const cli = (...args: string[]) =>
  run(process.execPath, ['bin/jobindex.js', ...args], { cwd: root }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

type Summary = { boards: Array<{ board: { platform: string; token: string }; state: string; added: number }> };

describe('jobindex boards search (the shipped directory, offline)', { timeout: 120_000 }, () => {
  beforeAll(() => ensureBuilt(), 300_000);

  it('finds a company by name on its platform, and says how to follow it', async () => {
    const r = await cli('boards', 'search', 'Stripe');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/│ Stripe +│ greenhouse +│ greenhouse:stripe +│ yes/);
    expect(r.stdout).toMatch(/^Follow one: jobindex crawl --board greenhouse:stripe$/m);
  });

  it('--platform narrows, --json prints the boards; a platform not crawled yet says so', async () => {
    const r = await cli('boards', 'search', 'sutter health', '--platform', 'icims', '--json');
    const rows = JSON.parse(r.stdout) as Array<{ platform: string; crawlable: boolean }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((x) => x.platform === 'icims' && !x.crawlable)).toBe(true);
  });

  it('says plainly when nothing matches', async () => {
    const r = await cli('boards', 'search', 'zzqxqzz no such employer');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/No board in the directory matches "zzqxqzz no such employer"/);
  });
});

describe('jobindex crawl --directory', { timeout: 120_000 }, () => {
  let server: ReplayServer;
  const idx = tempIndex();
  let bases: string[];
  let dirFile: string;

  beforeAll(async () => {
    await ensureBuilt();
    server = await ReplayServer.start();
    server.setBoard('greenhouse', 'acme', fixture('greenhouse-acme.json'));
    server.setBoard('lever', 'acme', fixture('lever-acme.json'));
    server.setBoard('ashby', 'acme', fixture('ashby-acme.json'));
    bases = ['greenhouse', 'lever', 'ashby'].flatMap((p) => ['--api-base', `${p}=${server.url}`]);
    // A directory of our own: three Acme boards the replay server answers, one Acme on a platform the
    // crawler does not read, and an unrelated board.
    dirFile = join(dirname(idx.file), 'boards.tsv.gz');
    writeFileSync(
      dirFile,
      writeDirectoryFile([
        { platform: 'ashby', key: 'acme', token: 'acme', name: 'Acme Robotics', sources: ['freehire'] },
        { platform: 'icims', key: 'acme', token: 'acme', name: 'Acme Robotics', sources: ['freehire'] },
        { platform: 'greenhouse', key: 'acme', token: 'acme', name: 'Acme Robotics', sources: ['freehire', 'kalil'] },
        { platform: 'greenhouse', key: 'globex', token: 'globex', name: 'Globex', sources: ['kalil'] },
        { platform: 'lever', key: 'acme', token: 'acme', name: 'Acme Robotics', sources: ['stapply'] },
      ]),
    );
  }, 300_000);
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('--match crawls every crawlable board of the name and names the ones left out', async () => {
    const r = await cli(
      'crawl',
      '--db',
      idx.file,
      '--directory',
      '--directory-file',
      dirFile,
      '--match',
      'acme',
      ...bases,
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Directory: 3 boards to crawl \(left out, not crawled yet: 1 on icims\)$/m);
    expect(r.stdout).toMatch(/^OK +greenhouse:acme: /m);
    expect(r.stdout).toMatch(/^OK +lever:acme: /m);
    expect(r.stdout).toMatch(/^OK +ashby:acme: /m);
    expect(r.stdout).not.toMatch(/globex/);
    expect(readJobs(idx.file).filter((j) => j.source_type === 'ats')).toHaveLength(6);
  });

  it('--platform and --limit narrow the set; --json prints the summary crawl prints', async () => {
    const r = await cli(
      'crawl',
      '--db',
      idx.file,
      '--directory',
      '--directory-file',
      dirFile,
      '--platform',
      'greenhouse',
      '--limit',
      '1',
      ...bases,
      '--json',
    );
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout) as Summary;
    // The board more lists name comes first: greenhouse:acme (2 lists) before globex (1).
    expect(s.boards.map((b) => [b.board.platform, b.board.token, b.state])).toEqual([['greenhouse', 'acme', 'ok']]);
  });

  it('refuses a narrowing option without --directory, and a selection that matches nothing', async () => {
    const a = await cli('crawl', '--db', idx.file, '--match', 'acme');
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/--match works with --directory only/);
    const b = await cli('crawl', '--db', idx.file, '--directory', '--directory-file', dirFile, '--match', 'initech');
    expect(b.code).not.toBe(0);
    expect(b.stderr).toMatch(/no board of the directory matches/);
  });
});
