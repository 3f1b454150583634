import { describe, expect, it } from 'vitest';
import { boardKey, parseBoardRef, PLATFORMS } from '#shared/rules/board-ref';
import { platformName } from '#shared/format/source-words';
import { FieldError } from '#shared/rules/field-error';

describe('parseBoardRef', () => {
  it.each([
    ['greenhouse:stripe', { platform: 'greenhouse', token: 'stripe' }],
    ['lever-eu:acme', { platform: 'lever', token: 'acme', region: 'eu' }],
    ['https://boards.greenhouse.io/airbnb', { platform: 'greenhouse', token: 'airbnb' }],
    ['https://job-boards.greenhouse.io/catawiki/jobs/6954117', { platform: 'greenhouse', token: 'catawiki' }],
    ['https://job-boards.eu.greenhouse.io/luno', { platform: 'greenhouse', token: 'luno', region: 'eu' }],
    ['https://boards.greenhouse.io/embed/job_board?for=duolingo', { platform: 'greenhouse', token: 'duolingo' }],
    ['https://jobs.lever.co/palantir/ac978161', { platform: 'lever', token: 'palantir' }],
    ['jobs.eu.lever.co/moo', { platform: 'lever', token: 'moo', region: 'eu' }],
    ['https://jobs.ashbyhq.com/Etched', { platform: 'ashby', token: 'Etched' }],
    ['https://careers.smartrecruiters.com/WesternDigital', { platform: 'smartrecruiters', token: 'WesternDigital' }],
    [
      'https://jobs.smartrecruiters.com/WesternDigital/744000143761249',
      { platform: 'smartrecruiters', token: 'WesternDigital' },
    ],
    ['https://apply.workable.com/acme/', { platform: 'workable', token: 'acme' }],
    ['https://acme.recruitee.com/o/engineer', { platform: 'recruitee', token: 'acme' }],
    [
      'https://nvidia.wd5.myworkdayjobs.com/NVIDIAExternalCareerSite',
      { platform: 'workday', token: 'nvidia.wd5/NVIDIAExternalCareerSite' },
    ],
    [
      'https://nvidia.wd5.myworkdayjobs.com/en-US/NVIDIAExternalCareerSite/job/US-CA-Santa-Clara/Senior-Reliability-Engineer_JR2018518',
      { platform: 'workday', token: 'nvidia.wd5/NVIDIAExternalCareerSite' },
    ],
    ['analogdevices.wd1.myworkdayjobs.com/External', { platform: 'workday', token: 'analogdevices.wd1/External' }],
    [
      'https://gdit.wd5.myworkdayjobs.com/wday/cxs/gdit/External_Career_Site/jobs',
      { platform: 'workday', token: 'gdit.wd5/External_Career_Site' },
    ],
    [
      'https://alignmenthealthcare5.impl-wd12.myworkdayjobs.com/fr-FR/Careers',
      { platform: 'workday', token: 'alignmenthealthcare5.impl-wd12/Careers' },
    ],
    ['workday:lilly.wd115/LLY', { platform: 'workday', token: 'lilly.wd115/LLY' }],
    // The platforms' API URLs are the same boards (issue 26, "one board, one follow").
    ['https://boards-api.greenhouse.io/v1/boards/luno/jobs', { platform: 'greenhouse', token: 'luno' }],
    ['boards-api.greenhouse.io/v1/boards/luno/jobs?content=true', { platform: 'greenhouse', token: 'luno' }],
    ['https://boards-api.greenhouse.io/v1/boards/luno', { platform: 'greenhouse', token: 'luno' }],
    ['https://boards-api.greenhouse.io/v1/boards/luno/jobs/6954117', { platform: 'greenhouse', token: 'luno' }],
    [
      'https://boards-api.eu.greenhouse.io/v1/boards/luno/jobs',
      { platform: 'greenhouse', token: 'luno', region: 'eu' },
    ],
    ['https://api.greenhouse.io/v1/boards/luno/jobs', { platform: 'greenhouse', token: 'luno' }],
    ['https://api.lever.co/v0/postings/moo?mode=json', { platform: 'lever', token: 'moo' }],
    ['https://api.lever.co/v0/postings/moo/ac978161', { platform: 'lever', token: 'moo' }],
    ['https://api.eu.lever.co/v0/postings/moo', { platform: 'lever', token: 'moo', region: 'eu' }],
    [
      'https://api.ashbyhq.com/posting-api/job-board/Etched?includeCompensation=true',
      { platform: 'ashby', token: 'Etched' },
    ],
    [
      'https://api.smartrecruiters.com/v1/companies/WesternDigital/postings',
      { platform: 'smartrecruiters', token: 'WesternDigital' },
    ],
    [
      'https://api.smartrecruiters.com/v1/companies/WesternDigital/postings/744000143761249',
      { platform: 'smartrecruiters', token: 'WesternDigital' },
    ],
    ['https://apply.workable.com/api/v1/widget/accounts/acme?details=true', { platform: 'workable', token: 'acme' }],
    ['https://apply.workable.com/api/v3/accounts/acme/jobs', { platform: 'workable', token: 'acme' }],
    ['https://www.workable.com/api/accounts/acme', { platform: 'workable', token: 'acme' }],
    ['https://acme.recruitee.com/api/offers/', { platform: 'recruitee', token: 'acme' }],
    ['https://acme.teamtailor.com/jobs.json', { platform: 'teamtailor', token: 'acme' }],
  ])('%s', (input, board) => {
    expect(parseBoardRef(input)).toEqual(board);
    expect(parseBoardRef(boardKey(parseBoardRef(input)))).toEqual(board);
  });

  it.each([
    ['', /board: empty board/],
    ['monster:acme', /board: unknown platform "monster"/],
    ['greenhouse:', /board: not a known careers URL|no board token/],
    ['https://example.com/careers', /board: not a known careers URL: "https:\/\/example.com\/careers"/],
    ['https://jobs.lever.co/', /board: no board token in "https:\/\/jobs.lever.co\/"/],
    ['ftp://jobs.lever.co/acme', /board: not a careers URL/],
    // Recruitee's token is a host name: a dot would name another host.
    ['recruitee:acme.evil', /board: no board token in "recruitee:acme.evil"/],
    // A Workday board needs its shard and its site: a locale alone names no site.
    ['https://lilly.wd5.myworkdayjobs.com/en-US', /board: no Workday careers site in/],
    ['workday:lilly', /board: no Workday board in "workday:lilly"/],
    ['workday:lilly.wd5/../evil', /board: no Workday board in/],
    // An API host whose path names no board says where the board goes.
    ['https://boards-api.greenhouse.io/v1/', /board: no board token in .* names a board as \/v1\/boards\/TOKEN\/jobs/],
    ['https://api.lever.co/v1/postings/moo', /board: no board token in .* \/v0\/postings\/SITE/],
    ['https://api.ashbyhq.com/posting-api/job-board/a%20b', /board: no board token in/],
    ['https://api.smartrecruiters.com/v1/companies/%E0%A4%A/postings', /board: no board token in/],
    ['https://apply.workable.com/api/v1/jobs', /board: no board token in .* \/api\/v1\/widget\/accounts\/ACCOUNT/],
  ])('refuses %j naming the field', (input, message) => {
    expect(() => parseBoardRef(input)).toThrow(FieldError);
    expect(() => parseBoardRef(input)).toThrow(message);
  });

  it('names every platform it reads, as its makers spell it, when a URL is not a careers URL', () => {
    const message = (() => {
      try {
        parseBoardRef('https://example.com/careers');
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    const known = /\(known: (.*)\)$/.exec(message)?.[1]?.split(', ');
    expect(known).toEqual(PLATFORMS.map((p) => platformName(p)));
    expect(known).toContain('BambooHR');
    expect(new Set(known).size).toBe(PLATFORMS.length);
    for (const name of known ?? []) expect(name).not.toMatch(/^[a-z]+$/);
  });
});
