import { describe, expect, it } from 'vitest';
import { formatHash, parseHash, type Route } from '../../renderer/state/route.js';

// The URL is the app's state: what a shared link or a reload restores.

describe('parseHash / formatHash', () => {
  it('round-trips every screen with every filter', () => {
    const routes: Route[] = [
      {
        view: 'jobs',
        search: {
          q: 'senior nurse',
          country: 'GB',
          city: 'München',
          remote: false,
          workMode: 'hybrid',
          employmentType: 'part_time',
          companyId: 'acme-labs',
          seniority: 'senior',
          salaryMin: 40000,
          salaryMax: 90000,
          discoveredAfter: '2026-10-01',
          verifiedAfter: '2026-11-01',
          sort: 'pay_desc',
        },
        job: '3dd88aab-9788-4bfa-87b2-b9939ce07b2e',
      },
      { view: 'jobs', search: { q: '' } },
      { view: 'companies', q: 'nova & co' },
      {
        view: 'company',
        id: 'acme labs/x',
        filters: { q: 'engineer', country: 'DE', remote: true, discoveredAfter: '2026-09-30' },
        job: 'abc',
      },
    ];
    for (const r of routes) expect(parseHash(formatHash(r))).toEqual(r);
  });

  it('writes readable links in the spec’s filter names', () => {
    expect(
      formatHash({ view: 'jobs', search: { q: 'data analyst', country: 'US', remote: true, sort: 'newest' } }),
    ).toBe('#/jobs?q=data+analyst&country=US&remote=true&sort=newest');
  });

  it('drops values no request could carry, and starts on the search screen', () => {
    expect(
      parseHash('#/jobs?sort=cheapest&workMode=beach&salaryMin=12.5&remote=maybe&discoveredAfter=last+week&country=de'),
    ).toEqual({
      view: 'jobs',
      search: { q: '', country: 'DE' },
    });
    expect(parseHash('')).toEqual({ view: 'jobs', search: { q: '' } });
    // Pay amounts are 64-bit: a yearly 30,000,000,000 IDR stays; more than a JSON number holds goes.
    expect(parseHash('#/jobs?salaryMin=30000000000&salaryMax=9007199254740993')).toEqual({
      view: 'jobs',
      search: { q: '', salaryMin: 30_000_000_000 },
    });
    expect(parseHash('#/nowhere')).toEqual({ view: 'jobs', search: { q: '' } });
  });
});
