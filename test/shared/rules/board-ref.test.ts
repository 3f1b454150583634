import { describe, expect, it } from 'vitest';
import { boardKey, parseBoardRef } from '#shared/rules/board-ref';
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
    ['https://jobs.smartrecruiters.com/WesternDigital/744000143761249', { platform: 'smartrecruiters', token: 'WesternDigital' }],
    ['https://apply.workable.com/acme/', { platform: 'workable', token: 'acme' }],
    ['https://acme.recruitee.com/o/engineer', { platform: 'recruitee', token: 'acme' }],
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
  ])('refuses %j naming the field', (input, message) => {
    expect(() => parseBoardRef(input)).toThrow(FieldError);
    expect(() => parseBoardRef(input)).toThrow(message);
  });
});
