// "Unknown stays unknown" end to end (issue 14, docs/decisions/null-and-absent.md § Unknown): a
// crawled posting that states no remote, work mode, employment type or seniority is stored as
// unknown, served without those keys, matched by no filter value and counted under no facet value.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { createHandlers } from '../../../electron/service/rpc/router.js';
import { createIndexContext } from '../../../electron/service/index-services/index-context.js';
import { indexRoutes } from '#service/index-services/routes';
import { EMPLOYMENT_TYPES, SENIORITIES, WORK_MODES } from '#shared/rules/vocabulary';
import { ensureBuilt, root } from '../../helpers/built-dist.js';
import { postJson } from '../../helpers/fixture.js';
import { crawl, readJobs, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';
import { UNKNOWN_BOARD as BOARD } from './unknown-board.js';

const LIST = '/svc.jobs.v1.JobsService/List';
const GET = '/svc.jobs.v1.JobsService/Get';
const FACETS = '/svc.meta.v1.MetaService/ListFacets';
const UNKNOWN_KEYS = ['remote', 'workMode', 'employmentType', 'seniority'];

describe('a crawled posting that states nothing of remote, work mode, employment or seniority', () => {
  let server: ReplayServer;
  const idx = tempIndex();
  let db: IndexDb;
  let handlers: Map<string, UniversalHandler>;
  const at = Date.parse('2026-06-01T00:00:00Z');

  beforeAll(async () => {
    server = await ReplayServer.start();
    server.setBoard('lever', 'plain', JSON.stringify(BOARD));
    const summary = await crawl(server, idx.file, [{ platform: 'lever', token: 'plain' }], at);
    expect(summary.boards.map((b) => [b.state, b.added])).toEqual([['ok', 3]]);
    db = openIndex(idx.file, { readonly: true });
    handlers = createHandlers(indexRoutes(createIndexContext(db, () => at)));
  });
  afterAll(async () => {
    db?.close();
    await server.close();
    idx.cleanup();
  });

  const idOf = (title: string) => readJobs(idx.file).find((j) => j.title === title)!.id;
  const titles = async (filters: object): Promise<string[]> => {
    const res = await postJson(handlers, LIST, { query: { filters, limit: 100 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as Array<{ title: string }>).map((c) => c.title).sort();
  };

  it('is stored as unknown: remote NULL, the enum-like columns empty', () => {
    const j = readJobs(idx.file).find((r) => r.title === 'Bookkeeper')!;
    expect([j.remote, j.work_mode, j.employment_type, j.seniority]).toEqual([null, '', '', '']);
    const w = readJobs(idx.file).find((r) => r.title === 'Senior Welder')!;
    expect([w.remote, w.work_mode, w.employment_type, w.seniority]).toEqual([0, 'onsite', 'full_time', 'senior']);
  });

  it('is served without those keys, in the detail and on its card; stated ones keep theirs, false included', async () => {
    const detail = await postJson(handlers, GET, { id: idOf('Bookkeeper') });
    expect(detail.status).toBe(200);
    for (const k of UNKNOWN_KEYS) expect(detail.body, k).not.toHaveProperty(k);
    const welder = await postJson(handlers, GET, { id: idOf('Senior Welder') });
    expect(welder.body).toMatchObject({
      remote: false,
      workMode: 'onsite',
      employmentType: 'full_time',
      seniority: 'senior',
    });

    const list = await postJson(handlers, LIST, { query: { limit: 100 } });
    const card = (title: string) => (list.body.data as Array<Record<string, unknown>>).find((c) => c.title === title)!;
    for (const k of UNKNOWN_KEYS) expect(card('Bookkeeper'), k).not.toHaveProperty(k);
    expect(card('Senior Welder')).toMatchObject({ remote: false, employmentType: 'full_time', seniority: 'senior' });
    expect(card('Junior Support Agent')).toMatchObject({
      remote: true,
      employmentType: 'part_time',
      seniority: 'junior',
    });
  });

  it('is found with no filter, and by no remote, workMode, employmentType or seniority filter', async () => {
    expect(await titles({})).toEqual(['Bookkeeper', 'Junior Support Agent', 'Senior Welder']);
    expect(await titles({ remote: true })).toEqual(['Junior Support Agent']);
    expect(await titles({ remote: false })).toEqual(['Senior Welder']);
    for (const workMode of WORK_MODES) expect(await titles({ workMode }), workMode).not.toContain('Bookkeeper');
    expect(await titles({ workMode: 'onsite' })).toEqual(['Senior Welder']);
    for (const employmentType of EMPLOYMENT_TYPES)
      expect(await titles({ employmentType }), employmentType).not.toContain('Bookkeeper');
    for (const seniority of SENIORITIES) expect(await titles({ seniority }), seniority).not.toContain('Bookkeeper');
    // Only the "Not stated" choice finds it.
    for (const f of ['workMode', 'employmentType', 'seniority'])
      expect(await titles({ [f]: 'not_stated' }), f).toEqual(['Bookkeeper']);
  });

  it('is counted under no stated facet value: as "Not stated" (docs/decisions/not-stated.md)', async () => {
    const res = await postJson(handlers, FACETS, {});
    expect(res.status).toBe(200);
    const facet = (field: string) =>
      (res.body.facets as Array<{ field: string; values: Array<{ value: string; count: number }> }>).find(
        (f) => f.field === field,
      )?.values ?? [];
    expect(
      facet('remote')
        .map((v) => [v.value, v.count])
        .sort(),
    ).toEqual([
      ['false', 1],
      ['true', 1],
    ]);
    expect(
      facet('workMode')
        .map((v) => [v.value, v.count])
        .sort(),
    ).toEqual([
      ['not_stated', 1],
      ['onsite', 1],
      ['remote', 1],
    ]);
    for (const field of ['employmentType', 'seniority']) {
      expect(
        facet(field).reduce((n, v) => n + v.count, 0),
        field,
      ).toBe(3);
      expect(facet(field).find((v) => v.value === 'not_stated')?.count, field).toBe(1);
      expect(
        facet(field).map((v) => v.value),
        field,
      ).not.toContain('');
    }
  });

  it(
    'the CLI prints nothing for it: get --json has no key, get shows no value, a CSV export has empty cells',
    { timeout: 120_000 },
    async () => {
      await ensureBuilt();
      const cli = async (...args: string[]) =>
        (await promisify(execFile)(process.execPath, ['bin/jobindex.js', ...args, '--db', idx.file], { cwd: root }))
          .stdout;
      const id = idOf('Bookkeeper');
      const json = JSON.parse(await cli('get', id, '--json')) as Record<string, unknown>;
      expect(json.title).toBe('Bookkeeper');
      for (const k of UNKNOWN_KEYS) expect(json, k).not.toHaveProperty(k);
      const text = await cli('get', id);
      expect(text).not.toMatch(/onsite|remote|hybrid|full time|part time|contract|junior|senior|\bfalse\b/i);
      const csv = (await cli('search', 'Bookkeeper', '--format', 'csv'))
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      const header = csv[0]!.split(',');
      const row = csv.find((l) => l.includes(id))!.split(',');
      for (const col of ['remote', 'employment_type', 'seniority']) expect(row[header.indexOf(col)], col).toBe('');
    },
  );
});
