import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BoardRef } from '#shared/rules/board-ref';
import { EXPIRED_RETENTION_MS } from '#shared/rules/limits';
import { PURGE_TURN } from '../../../electron/service/crawl/finish-run.js';
import { crawl, fixture, PATIENT_RETRY, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

// Issue 28: the end of a crawl (purge, counts) ran as one transaction on the thread that answers
// searches. The purge now goes in turns, and a reader is answered between them.

const BOARD: BoardRef[] = [{ platform: 'lever', token: 'acme' }];
const T1 = Date.parse('2026-06-01T00:00:00Z');
const DAY = 86_400_000;

describe('the end of a crawl', () => {
  let server: ReplayServer;
  let idx: ReturnType<typeof tempIndex>;
  beforeEach(async () => {
    server = await ReplayServer.start();
    idx = tempIndex();
  });
  afterEach(async () => {
    await server.close();
    idx.cleanup();
  });

  it('purges in turns, answering a reader between them, and leaves the counts right', async () => {
    const [first] = JSON.parse(fixture('lever-acme.json')) as Array<Record<string, unknown>>;
    const many = Array.from({ length: 2 * PURGE_TURN + 200 }, (_, i) => ({
      ...first,
      id: `6b0c3a9e-1111-4a5b-9c8d-${String(i).padStart(12, '0')}`,
      text: `Rocket Counter ${i}`,
    }));
    server.setBoard('lever', 'acme', many);
    await crawl(server, idx.file, BOARD, T1, PATIENT_RETRY);
    // Most postings leave; the second read confirms it and expires them.
    server.setBoard('lever', 'acme', many.slice(0, 1));
    await crawl(server, idx.file, BOARD, T1 + DAY, PATIENT_RETRY);
    const gone = await crawl(server, idx.file, BOARD, T1 + 2 * DAY, PATIENT_RETRY);
    expect(gone.boards[0]!.expired).toBe(many.length - 1);

    // Past retention: the next crawl purges them, while a reader counts the jobs at every turn.
    const reader = new Database(idx.file, { readonly: true });
    const jobs = reader.prepare('SELECT count(*) FROM jobs').pluck();
    const seen = new Set<number>();
    let reading = true;
    const read = () => {
      if (!reading) return;
      seen.add(jobs.get() as number);
      setImmediate(read);
    };
    read();
    try {
      await crawl(server, idx.file, BOARD, T1 + 3 * DAY + EXPIRED_RETENTION_MS, PATIENT_RETRY);
    } finally {
      reading = false;
    }
    seen.add(jobs.get() as number);
    reader.close();
    expect(Math.max(...seen)).toBe(many.length);
    expect(Math.min(...seen)).toBe(1);
    // Between the first turn and the last, the reader was answered.
    expect([...seen].some((n) => n > 1 && n < many.length)).toBe(true);

    const db = new Database(idx.file, { readonly: true });
    try {
      expect(db.prepare("SELECT value FROM meta WHERE key = 'active_jobs'").pluck().get()).toBe('1');
      expect(db.prepare("SELECT count(*) FROM meta WHERE key = 'counts_stale'").pluck().get()).toBe(0);
      expect(db.prepare('SELECT count(*) FROM job_sources').pluck().get()).toBe(1);
    } finally {
      db.close();
    }
  });
});
