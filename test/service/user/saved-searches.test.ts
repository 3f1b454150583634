import { Code, ConnectError } from '@connectrpc/connect';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { NEW_COUNT_CAP } from '#shared/rules/saved-search';
import { DAY, UserHarness } from './harness.js';

let h: UserHarness;
beforeEach(() => {
  h = new UserHarness();
});
afterEach(() => h.close());

const LISBON = { query: 'lighthouse', filters: { country: 'PT' } };

describe('saved searches', () => {
  it('counts nothing pre-existing as new, then the jobs a sync brings, until opened', async () => {
    const existing = await h.walk({ filters: { country: 'PT' } });
    expect(existing.length).toBeGreaterThan(0);
    const { search } = await h.searches.create({ name: ' Portugal ', query: { filters: { country: 'pt' } } });
    expect(search!.name).toBe('Portugal');
    expect(search!.newCount).toBe(0);
    expect(search!.query!.filters!.country).toBe('pt');

    // A sync brings three jobs in Portugal and one elsewhere, all discovered after the save.
    const a = h.addJob({ discoveredAt: h.clock + DAY });
    h.addJob({ discoveredAt: h.clock + DAY + 1000 });
    h.addJob({ discoveredAt: h.clock + DAY + 2000 });
    h.addJob({ discoveredAt: h.clock + DAY, locations: [{ city: 'Oslo', country: 'NO', remote: false }] });
    let [listed] = (await h.searches.list({})).data;
    expect(listed!.newCount).toBe(3);
    expect(listed!.newCountCapped).toBe(false);

    // A hidden new job is not counted.
    await h.hiding.hideJob({ jobId: a.id });
    [listed] = (await h.searches.list({})).data;
    expect(listed!.newCount).toBe(2);

    h.clock += 2 * DAY;
    const opened = await h.searches.open({ id: search!.id });
    expect(opened.search!.newCount).toBe(0);
    h.addJob({ discoveredAt: h.clock + DAY });
    [listed] = (await h.searches.list({})).data;
    expect(listed!.newCount).toBe(1);
  });

  it('counts nothing as new at saving when jobs arrived within the same second', async () => {
    // Within one second the rid orders by id bits, not by time: the later job has the lower rid.
    const second = Math.floor(h.clock / 1000) * 1000 + 1000;
    h.addJob({ id: 'ffffff00-0000-4000-8000-000000000001', discoveredAt: second + 100 });
    h.addJob({ id: '00000100-0000-4000-8000-000000000002', discoveredAt: second + 700 });
    const { search } = await h.searches.create({ name: 'Same second', query: LISBON });
    expect(search!.newCount).toBe(0);
    h.addJob({ discoveredAt: second + 900 });
    expect((await h.searches.list({})).data[0]!.newCount).toBe(1);
  });

  it('keeps the query text and filters and counts with them', async () => {
    await h.searches.create({ name: 'Keepers', query: LISBON });
    h.addJob({ discoveredAt: h.clock + DAY });
    h.addJob({ discoveredAt: h.clock + DAY, title: 'Harness Probe Baker' });
    const [s] = (await h.searches.list({})).data;
    expect(s!.query!.query).toBe('lighthouse');
    expect(s!.newCount).toBe(1);
  });

  it('caps the count', async () => {
    await h.searches.create({ name: 'Everything', query: {} });
    const w = h.writer();
    w.transaction(() => {
      for (let i = 0; i <= NEW_COUNT_CAP; i++)
        h.addJob({ discoveredAt: h.clock + DAY + i * 1000 }, { refreshStats: false });
    });
    refreshStats(h.indexDb);
    const [s] = (await h.searches.list({})).data;
    expect(s!.newCount).toBe(NEW_COUNT_CAP);
    expect(s!.newCountCapped).toBe(true);
  });

  it('renames, deletes, and refuses bad or taken names and bad queries naming the field', async () => {
    const { search } = await h.searches.create({ name: 'One', query: {} });
    await h.searches.create({ name: 'Two', query: {} });
    const err = async (p: Promise<unknown>) => (await p.catch((e: unknown) => e)) as ConnectError;
    expect((await err(h.searches.create({ name: 'one', query: {} }))).code).toBe(Code.AlreadyExists);
    expect((await err(h.searches.rename({ id: search!.id, name: 'TWO' }))).code).toBe(Code.AlreadyExists);
    expect((await err(h.searches.create({ name: '  ', query: {} }))).rawMessage).toBe('name: is required');
    expect((await err(h.searches.create({ name: 'x'.repeat(101), query: {} }))).rawMessage).toBe(
      'name: must be at most 100 characters',
    );
    expect((await err(h.searches.create({ name: 'Bad', query: { filters: { country: 'ZZ' } } }))).rawMessage).toBe(
      'query.filters.country: must be an ISO 3166-1 alpha-2 code, got "ZZ"',
    );
    expect((await h.searches.rename({ id: search!.id, name: 'Uno' })).search!.name).toBe('Uno');
    expect((await h.searches.delete({ id: search!.id })).removed).toBe(true);
    expect((await err(h.searches.open({ id: search!.id }))).code).toBe(Code.NotFound);
    expect((await h.searches.list({})).data.map((s) => s.name)).toEqual(['Two']);
  });
});
