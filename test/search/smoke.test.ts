import { afterAll, describe, expect, it } from 'vitest';
import { openFixture } from '../helpers/fixture.js';

const h = openFixture();
afterAll(() => h.close());

describe('fixture', () => {
  it('answers List through the router', async () => {
    const res = await h.jobs.list({ query: { query: 'engineer', limit: 5 } });
    expect(res.data).toHaveLength(5);
    expect(res.pagination?.hasMore).toBe(true);
  });
});
