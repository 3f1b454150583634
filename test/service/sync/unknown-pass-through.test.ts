// Sync from an upstream whose index holds unknown values (a crawled one): they arrive unknown,
// never turned into a value (docs/decisions/null-and-absent.md § Unknown).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { syncIndex } from '#service/sync/sync-index';
import { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { ensureBuilt } from '../../helpers/built-dist.js';
import { crawl } from '../crawl/crawl-harness.js';
import { ReplayServer } from '../crawl/replay-server.js';
import { posting, UNKNOWN_BOARD } from '../crawl/unknown-board.js';
import { serve, type Served } from '../../server/serve-process.js';
import { localClients } from './sync-harness.js';

let dir: string;
let served: Served;
let db: IndexDb;

beforeAll(async () => {
  await ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'jobindex-unknown-'));
  const replay = await ReplayServer.start();
  try {
    // A fourth posting that states no place at all: it syncs with no location, as it was crawled.
    replay.setBoard(
      'lever',
      'plain',
      JSON.stringify([...UNKNOWN_BOARD, posting(4, 'Night Editor', { categories: {} })]),
    );
    await crawl(replay, join(dir, 'upstream.sqlite'), [{ platform: 'lever', token: 'plain' }]);
  } finally {
    await replay.close();
  }
  served = await serve('--db', join(dir, 'upstream.sqlite'));
  db = openIndex(join(dir, 'local.sqlite'));
}, 120_000);
afterAll(async () => {
  db?.close();
  await served?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('sync of an index with unknown values', { timeout: 120_000 }, () => {
  it('passes them through unchanged: same rows, same details, no key for what is unknown', async () => {
    const r = await syncIndex({ upstream: served.url, db });
    expect(r.malformedSkipped, JSON.stringify(r)).toBe(0);
    expect(r.jobsWritten).toBe(4);
    const cols = 'SELECT id, title, remote, work_mode, employment_type, seniority FROM jobs ORDER BY id';
    const upstream = openIndex(join(dir, 'upstream.sqlite'), { readonly: true });
    try {
      expect(db.prepare(cols).all()).toEqual(upstream.prepare(cols).all());
    } finally {
      upstream.close();
    }
    const book = db.prepare("SELECT id, remote, work_mode FROM jobs WHERE title = 'Bookkeeper'").get() as {
      id: string;
      remote: number | null;
      work_mode: string;
    };
    expect([book.remote, book.work_mode]).toEqual([null, '']);
    const up = createClient(JobsService, createConnectTransport({ baseUrl: served.url, useBinaryFormat: true }));
    const local = await localClients(db).jobs.get({ id: book.id });
    expect(local).toEqual(await up.get({ id: book.id }));
    expect([local.remote, local.workMode, local.employmentType, local.seniority]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('takes a job that names no location, with none', async () => {
    const editor = db.prepare("SELECT id FROM jobs WHERE title = 'Night Editor'").get() as { id: string } | undefined;
    expect(editor, 'the job without a location was refused').toBeDefined();
    const local = await localClients(db).jobs.get({ id: editor!.id });
    expect(local.locations).toEqual([]);
    expect(local.title).toBe('Night Editor');
  });
});
