// A writer that cannot get its turn in the bounded wait (issue 32 item 4): the service answers
// `unavailable` with Retry-After (never 500), and a CLI run says who holds the file and exits 75.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureBuilt, root } from '../../helpers/built-dist.js';
import { serve, type Served } from '../../server/serve-process.js';

const run = promisify(execFile);
const dist = (p: string) => pathToFileURL(join(root, 'dist/electron/service', p)).href;

/**
 * A child that opens `file` with `opener` and holds its write lock `ms`, noted as `what` (as a
 * crawl notes itself); resolves once the lock is held.
 */
async function holdLock(
  file: string,
  opener: 'index-db/open-index.js#openIndex' | 'user-db/open-user-db.js#openUserDb',
  ms: number,
  what?: string,
): Promise<ChildProcess> {
  const [mod, fn] = opener.split('#');
  const code = `const m = await import(${JSON.stringify(dist(mod!))});
    const busy = await import(${JSON.stringify(dist('sqlite/busy.js'))});
    const db = m.${fn}(${JSON.stringify(file)});
    ${what ? `busy.noteWriter(${JSON.stringify(file)}, ${JSON.stringify(what)});` : ''}
    db.exec('BEGIN IMMEDIATE');
    console.log('locked');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});
    db.exec('COMMIT');`;
  const p = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: root });
  await new Promise<void>((resolve, reject) => {
    p.stdout!.on('data', (c: Buffer) => c.toString().includes('locked') && resolve());
    p.on('exit', (c) => reject(new Error(`lock holder exited ${c}`)));
  });
  return p;
}

const exited = (p: ChildProcess) =>
  new Promise<number | null>((r) => (p.exitCode !== null ? r(p.exitCode) : p.on('exit', r)));

describe('a file another process is writing', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'busy-'));
  let s: Served | undefined;
  beforeAll(() => ensureBuilt(), 300_000);
  afterAll(async () => {
    await s?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the service answers a save `unavailable` with Retry-After, and the save succeeds after', async () => {
    const user = join(dir, 'user.sqlite');
    s = await serve('--db', inject('fixtureIndex'), '--user-data', user);
    const rpc = (path: string, body: unknown) =>
      fetch(s!.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const list = (await (await rpc('/svc.jobs.v1.JobsService/List', { query: { limit: 1 } })).json()) as {
      data: Array<{ id: string }>;
    };
    const jobId = list.data[0]!.id;
    // Held past the service's 5 s busy timeout.
    const holder = await holdLock(user, 'user-db/open-user-db.js#openUserDb', 7_000);
    const res = await rpc('/svc.saved.v1.SavedJobsService/Save', { jobId });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('unavailable');
    expect(body.message).toMatch(/being written by another process; try again/);
    expect(await exited(holder)).toBe(0);
    expect((await rpc('/svc.saved.v1.SavedJobsService/Save', { jobId })).status).toBe(200);
  });

  it('a crawl that cannot get its turn names who holds the index and exits 75', async () => {
    const index = join(dir, 'index.sqlite');
    const { openIndex } = await import('#service/index-db/open-index');
    openIndex(index).close();
    // The crawl's wait (30 s) shortened to 2 s through its documented variable; the holder keeps the lock 15 s.
    const holder = await holdLock(index, 'index-db/open-index.js#openIndex', 15_000, 'jobindex crawl');
    const r = await run(
      process.execPath,
      [
        'bin/jobindex.js',
        'crawl',
        '--db',
        index,
        '--board',
        'greenhouse:acme',
        '--api-base',
        'greenhouse=http://127.0.0.1:9',
      ],
      {
        cwd: root,
        env: { ...process.env, JOBINDEX_BUSY_WAIT_MS: '2000' },
      },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(r.stderr).not.toMatch(/database is locked$/m);
    expect(r.code).toBe(75);
    expect(r.stderr).toMatch(
      /index\.sqlite is being written by jobindex crawl \(process \d+, since \d\d:\d\d UTC\); .*try again when it is done/,
    );
    holder.kill();
  });
});
