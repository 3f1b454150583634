// Counts after a run died (issue #32 item 10), repaired when the file is opened next: by
// `jobindex info`, by `jobindex serve` and by the app's service, not only by the next run.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { crawlBoards } from '#service/crawl/crawl-boards';
import { openService } from '#service/open-service';
import { ensureBuilt } from '../../helpers/built-dist.js';
import { runCli } from '../../helpers/run-cli.js';
import { serve } from '../../server/serve-process.js';
import { FAST_RETRY, fixture, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

function counts(file: string): { stated: number; active: number; companies: number } {
  const db = new Database(file, { readonly: true });
  try {
    return {
      stated: Number(db.prepare("SELECT value FROM meta WHERE key = 'active_jobs'").pluck().get() ?? 0),
      active: db.prepare("SELECT count(*) FROM jobs WHERE status = 'active'").pluck().get() as number,
      // Companies' own counts follow the same refresh.
      companies: db.prepare('SELECT coalesce(sum(active_job_count), 0) FROM companies').pluck().get() as number,
    };
  } finally {
    db.close();
  }
}

describe('counts a dead run left stale are repaired at the next open', { timeout: 240_000 }, () => {
  let server: ReplayServer;
  const idx = tempIndex();
  /** A copy of the file as the dead crawl left it, for each way of opening it. */
  const stale = (name: string) => {
    const f = join(idx.file, '..', `${name}.sqlite`);
    copyFileSync(idx.file, f);
    return f;
  };

  beforeAll(async () => {
    await ensureBuilt();
    server = await ReplayServer.start();
    server.setBoard('greenhouse', 'acme', fixture('greenhouse-acme.json'));
    server.setBoard('lever', 'acme', fixture('lever-acme.json'));
    const abort = new AbortController();
    await expect(
      crawlBoards({
        indexFile: idx.file,
        boards: [
          { platform: 'greenhouse', token: 'acme' },
          { platform: 'lever', token: 'acme' },
        ],
        apiBase: server.apiBase(),
        retry: FAST_RETRY,
        mapThreads: 0,
        signal: abort.signal,
        // Dies as soon as one board is written: its jobs searchable, the counts not refreshed.
        onProgress: (p) => p.board && abort.abort(new Error('killed')),
      }),
    ).rejects.toThrow();
    const c = counts(idx.file);
    expect(c.active).toBeGreaterThan(0);
    expect(c.stated).not.toBe(c.active);
  });
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('`jobindex info` says how many jobs are searchable', async () => {
    const file = stale('info');
    const r = await runCli(['info', '--db', file]);
    expect(r.stderr).toBe('');
    const active = counts(file).active;
    expect(r.stdout).toContain(`Active jobs:   ${active.toLocaleString('en')}\n`);
    expect(counts(file)).toEqual({ stated: active, active, companies: active });
  });

  it('`jobindex serve` answers the right counts from its first request', async () => {
    const file = stale('serve');
    const s = await serve('--db', file);
    try {
      const meta = createClient(MetaService, createConnectTransport({ baseUrl: s.url }));
      const info = await meta.getInfo({});
      expect(info.jobCount).toBe(counts(file).active);
    } finally {
      await s.stop();
    }
  });

  it("the app's service (writable) repairs them when it opens", () => {
    const file = stale('app');
    const service = openService({ indexFile: file });
    try {
      const active = counts(file).active;
      expect(counts(file)).toEqual({ stated: active, active, companies: active });
    } finally {
      service.close();
    }
  });

  it('a file whose counts are fresh is not written by a read command', async () => {
    const file = stale('fresh');
    openService({ indexFile: file }).close();
    const db = new Database(file, { readonly: true });
    const statsAt = () => db.prepare("SELECT value FROM meta WHERE key = 'stats_at'").pluck().get();
    const before = statsAt();
    expect((await runCli(['info', '--db', file])).stderr).toBe('');
    expect(statsAt()).toBe(before);
    db.close();
  });
});
