// Company slugs do not depend on which board answered first (issue 32 item 8): blocked companies
// and links name companies by slug, so two identical crawls must give the same slugs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { crawledCompanyId } from '../../../electron/service/crawl/job-id.js';
import { crawl, fixture, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

describe('slugs of companies with the same name on several boards', { timeout: 60_000 }, () => {
  let server: ReplayServer;
  const made: Array<ReturnType<typeof tempIndex>> = [];
  beforeAll(async () => {
    server = await ReplayServer.start();
    // Three boards whose company has the same name.
    for (const t of ['acme', 'acme-eu', 'acme-labs']) server.setBoard('greenhouse', t, fixture('greenhouse-acme.json'));
  });
  afterAll(async () => {
    await server.close();
    made.forEach((i) => i.cleanup());
  });

  async function slugsWhenSlow(slow: string): Promise<Record<string, string>> {
    const idx = tempIndex();
    made.push(idx);
    for (const t of ['acme', 'acme-eu', 'acme-labs'])
      server.fault('greenhouse', t, t === slow ? { delayMs: 400 } : undefined);
    const boards = ['acme-labs', 'acme', 'acme-eu'].map((token) => ({ platform: 'greenhouse' as const, token }));
    const r = await crawl(server, idx.file, boards);
    expect(r.boards.every((b) => b.state === 'ok')).toBe(true);
    const db = new Database(idx.file, { readonly: true });
    try {
      const slugOf = db.prepare('SELECT slug FROM companies WHERE id = ?').pluck();
      return Object.fromEntries(
        ['acme', 'acme-eu', 'acme-labs'].map((token) => [
          token,
          slugOf.get(crawledCompanyId({ platform: 'greenhouse', token })) as string,
        ]),
      );
    } finally {
      db.close();
    }
  }

  it('gives each board the same slug whichever answers first', async () => {
    const a = await slugsWhenSlow('acme');
    const b = await slugsWhenSlow('acme-labs');
    const c = await slugsWhenSlow('acme-eu');
    expect(Object.keys(a)).toHaveLength(3);
    expect(new Set(Object.values(a)).size).toBe(3);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });
});
