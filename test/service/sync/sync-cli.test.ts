// `jobindex sync` and `jobindex evolve` as a user runs them.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@connectrpc/connect';
import { SavedJobsService } from '#shared/gen/svc/saved/v1/saved_pb';
import { buildIndex } from '#tools/generate/build-index';
import { createIndexContext } from '../../../electron/service/index-services/index-context.js';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { createHandlers } from '../../../electron/service/rpc/router.js';
import { openUserDb } from '#service/user-db/open-user-db';
import { createUserContext } from '../../../electron/service/user-services/user-context.js';
import { userRoutes } from '../../../electron/service/user-services/routes.js';
import { openIndex } from '#service/index-db/open-index';
import { ensureBuilt, root } from '../../helpers/built-dist.js';
import { startFaultProxy } from './fault-proxy.js';
import { startUpstream } from './sync-harness.js';

const run = promisify(execFile);
const cliWith = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  run(process.execPath, ['bin/jobindex.js', ...args], { cwd: root, env: { ...process.env, ...env } }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

// No test may touch the real desktop app's user file: its default lives under this dir.
const cli = (...args: string[]) => cliWith({ XDG_CONFIG_HOME: join(dir, 'config') }, ...args);

let dir: string;
beforeAll(async () => {
  await ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'jobindex-sync-cli-'));
  buildIndex(join(dir, 'a.sqlite'), { jobs: 200, seed: 4, now: Date.UTC(2026, 10, 1) });
  copyFileSync(join(dir, 'a.sqlite'), join(dir, 'b.sqlite'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('jobindex evolve', { timeout: 60_000 }, () => {
  it('makes the same changes for the same index, seed and --now', async () => {
    const args = [
      '--add',
      '5',
      '--reverify',
      '4',
      '--expire',
      '3',
      '--remove',
      '2',
      '--seed',
      '9',
      '--now',
      '2026-11-02T10:00:00Z',
      '--json',
    ];
    const a = await cli('evolve', '--db', join(dir, 'a.sqlite'), ...args);
    const b = await cli('evolve', '--db', join(dir, 'b.sqlite'), ...args);
    expect(a.code).toBe(0);
    const ra = JSON.parse(a.stdout);
    expect(ra).toEqual(JSON.parse(b.stdout));
    expect([ra.added.length, ra.reverified.length, ra.expired.length, ra.removed.length]).toEqual([5, 4, 3, 2]);
    const db = openIndex(join(dir, 'a.sqlite'));
    try {
      const status = db.prepare('SELECT status FROM jobs WHERE id = ?').pluck();
      expect(ra.expired.map((id: string) => status.get(id))).toEqual(['expired', 'expired', 'expired']);
      expect(ra.removed.map((id: string) => status.get(id))).toEqual([undefined, undefined]);
      expect(ra.added.map((id: string) => status.get(id))).toEqual(Array(5).fill('active'));
    } finally {
      db.close();
    }
  });

  it('names a bad option', async () => {
    const r = await cli('evolve', '--db', join(dir, 'a.sqlite'), '--expire', 'x');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--expire.*expected a whole number, got "x"/);
  });
});

/** The SavedJobsService over a user file and an index, as the app serves it. */
function savedJobsOf(indexFile: string, userFile: string) {
  const indexDb = openIndex(indexFile);
  const userDb = openUserDb(userFile);
  const index = createIndexContext(indexDb);
  const ctx = createUserContext(userDb, { index: () => index, timers: false });
  return {
    client: createClient(SavedJobsService, createInMemoryTransport(createHandlers(userRoutes(ctx)))),
    close() {
      userDb.close();
      indexDb.close();
    },
  };
}

describe('jobindex sync', { timeout: 60_000 }, () => {
  it('names a bad upstream, and an unreachable one fails after its retries', async () => {
    const bad = await cli('sync', '--upstream', 'ftp://example.com', '--db', join(dir, 'c.sqlite'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('upstream: must be an http(s) URL, got "ftp://example.com"');
    const down = await cli('sync', '--upstream', 'http://127.0.0.1:9', '--db', join(dir, 'c.sqlite'), '--retries', '1');
    // The upstream's fault, not the person's input: exit 7 (README "Exit codes"), never 2.
    expect(down.code).toBe(7);
    expect(down.stderr).toMatch(
      /sync from http:\/\/127.0.0.1:9 stopped: the upstream could not be reached.*ECONNREFUSED.*run the same command again to resume/,
    );
  });

  it("re-checks the saved jobs of the user's file, by default the desktop app's: expired and removed ones show closed", async () => {
    const up = await startUpstream(80, 6);
    try {
      const file = join(dir, 'saved.sqlite');
      expect((await cli('sync', '--upstream', up.url, '--db', file)).code).toBe(0);
      const { expired, removed } = up.evolve({ expire: 3, remove: 2, seed: 12 });
      const gone = [...expired, ...removed];
      const userFile = join(dir, 'config', 'Job Index', 'user.sqlite');
      mkdirSync(dirname(userFile), { recursive: true });
      const saved = savedJobsOf(file, userFile);
      for (const id of gone) await saved.client.save({ jobId: id });
      saved.close();

      const r = await cli('sync', '--upstream', up.url, '--db', file, '--json');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).savedChecked).toBe(gone.length);
      const after = savedJobsOf(file, userFile);
      try {
        const closed = (await after.client.list({ closed: true })).data.map((j) => j.jobId);
        expect(closed.sort()).toEqual([...gone].sort());
      } finally {
        after.close();
      }
      const missing = await cli('sync', '--upstream', up.url, '--db', file, '--user-data', join(dir, 'nobody.sqlite'));
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/--user-data: no user file at .*nobody\.sqlite/);
    } finally {
      await up.close();
    }
  });

  it('a second sync into the same index says one is running and exits 75; a lock left by a dead process is taken over', async () => {
    const up = await startUpstream(60, 3);
    const proxy = await startFaultProxy(up.url);
    try {
      // The first run is held 3 s at its first page of companies.
      proxy.setPlan((path, n) =>
        path === '/svc.companies.v1.CompaniesService/List' && n === 0 ? { kind: 'delay', ms: 3000 } : undefined,
      );
      const file = join(dir, 'busy.sqlite');
      const first = cli('sync', '--upstream', proxy.url, '--db', file);
      while (!existsSync(`${file}.sync-lock`)) await new Promise((r) => setTimeout(r, 20));
      const second = await cli('sync', '--upstream', up.url, '--db', file);
      expect(second.code).toBe(75);
      expect(second.stderr).toMatch(
        /^jobindex: a sync into .*busy\.sqlite is already running \(process \d+\); wait for it to finish/,
      );
      expect(second.stderr).not.toMatch(/database is locked/);
      expect((await first).code).toBe(0);
      expect(existsSync(`${file}.sync-lock`)).toBe(false);

      const gone = await run(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
      writeFileSync(`${file}.sync-lock`, gone.stdout);
      const after = await cli('sync', '--upstream', up.url, '--db', file);
      expect(after.code).toBe(0);
    } finally {
      await proxy.close();
      await up.close();
    }
  });
});
