import { describe, expect, it } from 'vitest';
import { identify } from '../../../electron/tools/directory/board-identity.js';
import { parseBoardRef } from '#shared/rules/board-ref';

const row = (platform: string, url: string) => ({ source: 'kalil' as const, platform, url, name: 'Acme', at: 'test' });

// The directory reads its sources' careers URLs with the crawler's own host list (board-ref.ts),
// so a URL the crawler follows is a board the directory keeps, and the other way round.
describe("the directory's careers hosts are the crawler's", () => {
  it.each([
    ['greenhouse', 'https://www.job-boards.greenhouse.io/acme', undefined],
    ['greenhouse', 'https://boards.eu.greenhouse.io/acme', 'eu'],
    ['lever', 'https://jobs.eu.lever.co/acme', 'eu'],
    ['ashby', 'https://jobs.ashbyhq.com/acme', undefined],
    ['workable', 'https://apply.workable.com/acme/', undefined],
    ['smartrecruiters', 'https://careers.smartrecruiters.com/acme', undefined],
  ])('%s %s', (platform, url, region) => {
    const crawler = parseBoardRef(url);
    expect(identify(row(platform, url))).toEqual({
      platform: crawler.platform,
      key: 'acme',
      token: crawler.token,
      ...(region ? { region } : {}),
    });
  });

  it("refuses a URL on another platform's host, as before", () => {
    expect(identify(row('lever', 'https://jobs.ashbyhq.com/acme'))).toEqual({
      unusable: 'not a lever URL: https://jobs.ashbyhq.com/acme',
    });
  });
});
