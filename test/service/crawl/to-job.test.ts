import { describe, expect, it } from 'vitest';
import type { RawPosting } from '../../../electron/service/crawl/platforms/platform.js';
import { toCrawledJob } from '../../../electron/service/crawl/to-job.js';

const posting = (p: Partial<RawPosting>): RawPosting => ({
  postingId: 'p1',
  title: 'Barista',
  locationTexts: ['Portland, OR'],
  employmentValues: [],
  payTexts: [],
  descriptionHtml: '<p>Make coffee.</p>',
  ...p,
});

const salaryOf = (p: Partial<RawPosting>) => {
  const m = toCrawledJob({ platform: 'greenhouse', token: 'cafe' }, posting(p), 'Cafe', (html) => html);
  if (!('job' in m)) throw new Error(`skipped: ${m.skipped}`);
  return m.job.salary;
};

// The spec's salary amounts are integers: whatever a posting states, the job holds whole units.
describe('a crawled salary', () => {
  it('is whole units when the text states cents', () => {
    expect(salaryOf({ payTexts: ['Pay: $25.50 - $30.75/hr'] })).toEqual({
      min: 26,
      max: 31,
      currency: 'USD',
      period: 'hour',
    });
  });

  it('is whole units when the platform states cents', () => {
    expect(salaryOf({ salary: { min: 19.5, max: 22.25, currency: 'USD', period: 'hour' } })).toEqual({
      min: 20,
      max: 22,
      currency: 'USD',
      period: 'hour',
    });
  });

  it('is unknown when nothing states pay', () => {
    expect(salaryOf({})).toBeUndefined();
  });
});
