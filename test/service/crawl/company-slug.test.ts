import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { crawl, fixture, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

// A person blocks a company, follows a link or filters by it through its slug: a board whose
// company changes its name keeps the slug it was first given.
describe('a crawled company renamed on its board', () => {
  let server: ReplayServer;
  const idx = tempIndex();
  const at = Date.parse('2026-06-01T00:00:00Z');
  const read = () => {
    const db = new Database(idx.file, { readonly: true });
    try {
      return {
        company: db.prepare("SELECT slug, name FROM companies WHERE name LIKE 'Acme%'").get() as {
          slug: string;
          name: string;
        },
        jobSlugs: db.prepare("SELECT DISTINCT company_slug FROM jobs WHERE status = 'active'").pluck().all(),
      };
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    server = await ReplayServer.start();
  });
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('shows the new name under the old slug, on the company and on its jobs', async () => {
    server.setBoard('greenhouse', 'acme', fixture('greenhouse-acme.json'));
    await crawl(server, idx.file, [{ platform: 'greenhouse', token: 'acme' }], at);
    expect(read()).toEqual({ company: { slug: 'acme-rockets', name: 'Acme Rockets' }, jobSlugs: ['acme-rockets'] });

    server.setBoard('greenhouse', 'acme', fixture('greenhouse-acme.json').replaceAll('Acme Rockets', 'Acme Orbital'));
    await crawl(server, idx.file, [{ platform: 'greenhouse', token: 'acme' }], at + 86_400_000);
    expect(read()).toEqual({ company: { slug: 'acme-rockets', name: 'Acme Orbital' }, jobSlugs: ['acme-rockets'] });
  });
});
