import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDirectoryFile } from '#service/directory/directory-file';
import { DirectorySearch } from '#service/directory/directory-search';
import { buildDirectory } from '../../../electron/tools/directory/build-directory.js';
import { mergeBoards } from '../../../electron/tools/directory/merge-boards.js';
import type { RawRow } from '../../../electron/tools/directory/raw-row.js';

const row = (r: Partial<RawRow> & { platform: string }): RawRow => ({ source: 'freehire', name: '', at: 'test', ...r });
const keys = (rows: RawRow[]) => mergeBoards(rows).boards.map((b) => `${b.platform}${b.region ? '-eu' : ''}:${b.key}`);

describe('de-duplication on board identity', () => {
  it('one board for tokens that differ only in case, across sources', () => {
    const { boards } = mergeBoards([
      row({ platform: 'smartrecruiters', token: 'HitachiSolutions', name: 'Hitachi Solutions' }),
      row({ platform: 'smartrecruiters', token: 'hitachisolutions', name: 'hitachisolutions', source: 'kalil' }),
      row({
        platform: 'smartrecruiters',
        url: 'https://careers.smartrecruiters.com/HITACHISOLUTIONS',
        name: 'Hitachisolutions',
        source: 'stapply',
      }),
    ]);
    expect(boards).toHaveLength(1);
    expect(boards[0]).toMatchObject({
      platform: 'smartrecruiters',
      key: 'hitachisolutions',
      name: 'Hitachi Solutions',
      sources: ['freehire', 'kalil', 'stapply'],
    });
  });

  it('an Ashby board spelled with %20 and with a space is one board, kept unencoded', () => {
    const { boards } = mergeBoards([
      row({ platform: 'ashby', token: 'Trexo%20Robotics', name: 'Trexo Robotics' }),
      row({ platform: 'ashby', token: 'Trexo Robotics', name: 'Trexo Robotics' }),
    ]);
    expect(boards.map((b) => b.token)).toEqual(['Trexo Robotics']);
  });

  it('a token from a careers URL matches the same token given bare', () => {
    expect(
      keys([
        row({ platform: 'greenhouse', token: 'stripe', name: 'Stripe' }),
        row({
          platform: 'greenhouse',
          url: 'https://job-boards.greenhouse.io/stripe',
          name: 'Stripe',
          source: 'stapply',
        }),
        row({
          platform: 'lever',
          url: 'https://jobs.lever.co/1840%26company',
          name: '1840 & Company',
          source: 'stapply',
        }),
        row({ platform: 'lever', token: '1840&company', name: '1840 & Company', source: 'kalil' }),
      ]),
    ).toEqual(['greenhouse:stripe', 'lever:1840&company']);
  });

  it('a Lever board any source puts on the EU host stays on the EU host', () => {
    const { boards } = mergeBoards([
      row({ platform: 'lever', token: 'aevi', name: 'AEVI', source: 'kalil' }),
      row({ platform: 'lever', token: 'aevi', name: 'AEVI', eu: true, source: 'jobsync' }),
    ]);
    expect(boards).toHaveLength(1);
    expect(boards[0]!.region).toBe('eu');
  });

  it('a Workday board under two shards, or with a locale, is one board', () => {
    const { boards } = mergeBoards([
      row({ platform: 'workday', token: 'lilly.wd5.myworkdayjobs.com/LLY', name: 'Eli Lilly' }),
      row({
        platform: 'workday',
        token: 'lilly/LLY',
        url: 'https://lilly.wd115.myworkdayjobs.com/en-US/LLY',
        name: 'Lilly (LLY Careers)',
        source: 'kalil',
      }),
      row({
        platform: 'workday',
        url: 'https://2020companies.wd1.myworkdayjobs.com/en-us',
        name: '2020Companies',
        source: 'stapply',
      }),
    ]);
    expect(boards.map((b) => [b.key, b.token, b.name])).toEqual([
      ['lilly/lly', 'lilly.wd5.myworkdayjobs.com/LLY', 'Eli Lilly'],
    ]);
  });

  it('host-style tokens match their bare subdomain (teamtailor, personio, bamboohr)', () => {
    expect(
      keys([
        row({ platform: 'teamtailor', token: 'acme.teamtailor.com', name: 'Acme' }),
        row({
          platform: 'teamtailor',
          token: 'acme',
          url: 'https://acme.teamtailor.com',
          name: 'Acme',
          source: 'kalil',
        }),
        row({ platform: 'personio', token: 'acme', name: 'Acme' }),
        row({ platform: 'personio', url: 'https://acme.jobs.personio.de', name: 'Acme', source: 'kalil' }),
      ]),
    ).toEqual(['personio:acme', 'teamtailor:acme']);
  });
});

describe('the best company name', () => {
  it('a real name beats one that only echoes the token, whatever the source order', () => {
    const { boards } = mergeBoards([
      row({ platform: 'greenhouse', token: 'liminalbuild', name: 'liminalbuild' }),
      row({ platform: 'greenhouse', token: 'liminalbuild', name: 'Liminal', source: 'stapply' }),
    ]);
    expect(boards[0]!.name).toBe('Liminal');
  });

  it('between two real names, the more trusted source wins over stapply’s title-cased tokens', () => {
    const { boards } = mergeBoards([
      row({ platform: 'lever', url: 'https://jobs.lever.co/100ms', name: '100Ms', source: 'stapply' }),
      row({ platform: 'lever', token: '100ms', name: '100ms Live', source: 'kalil' }),
    ]);
    expect(boards[0]!.name).toBe('100ms Live');
  });
});

describe('junk rules', () => {
  it('drops test, demo and sandbox boards but keeps employers whose name only contains the word', () => {
    expect(
      keys([
        row({ platform: 'greenhouse', token: 'starwars', name: 'Star Wars Demo Account' }),
        row({ platform: 'greenhouse', token: 'sj', name: 'SJ Test' }),
        row({ platform: 'greenhouse', token: 'agodasandbox', name: 'Agoda Sandbox' }),
        row({ platform: 'greenhouse', token: 'thestatusnetwork', name: 'The Status Network (TEST, DO NOT REMOVE)' }),
        row({ platform: 'smartrecruiters', token: 'test', name: 'Test Company 231' }),
        row({ platform: 'lever', token: 'mitratech', name: 'Mitratech Partner Sandbox' }),
        row({ platform: 'lever', token: 'sandboxvr', name: 'Sandbox VR' }),
        row({ platform: 'ashby', token: 'sandboxaq', name: 'SandboxAQ' }),
        row({ platform: 'recruiterbox', token: 'testdouble', name: 'Test Double' }),
        row({ platform: 'workable', token: 'global-app-testing', name: 'Global App Testing' }),
      ]),
    ).toEqual(['ashby:sandboxaq', 'lever:sandboxvr', 'recruiterbox:testdouble', 'workable:global-app-testing']);
  });

  it('drops numeric or hex ids no source names, keeps ids with a name (any script)', () => {
    expect(
      keys([
        row({ platform: 'greenhouse', token: '103644278', name: '103644278' }),
        row({ platform: 'greenhouse', token: 'a3c41b8b71eff8c4', name: 'a3c41b8b71eff8c4' }),
        row({ platform: 'join', token: '100658', name: '100658' }),
        row({ platform: 'join', token: '100659', name: 'Bäckerei Schmidt' }),
        row({ platform: 'smartrecruiters', token: '315', name: 'ГК Покровский' }),
        row({ platform: 'paycom', token: '0123456789abcdef0123456789abcdef', name: 'Acme Dental' }),
      ]),
    ).toEqual(['join:100659', 'paycom:0123456789abcdef0123456789abcdef', 'smartrecruiters:315']);
  });

  it('drops single SmartRecruiters postings listed as boards, and the external-referrals path', () => {
    const r = mergeBoards([
      row({
        platform: 'smartrecruiters',
        url: 'https://jobs.smartrecruiters.com/WSHGroup/744000091624446-bartender',
        name: 'Wshgroup',
        source: 'stapply',
      }),
      row({
        platform: 'smartrecruiters',
        url: 'https://jobs.smartrecruiters.com/WSHGroup/744000091624447-chef',
        name: 'Wshgroup',
        source: 'stapply',
      }),
      row({ platform: 'smartrecruiters', token: 'external-referrals', name: 'External Referrals', source: 'kalil' }),
    ]);
    expect(r.boards).toEqual([]);
    expect(r.report.dropped['a single posting, not a board']).toBe(2);
  });

  it('drops Workday URLs that name no site, and implementation tenants', () => {
    expect(
      keys([
        row({ platform: 'workday', url: 'https://acme.wd1.myworkdayjobs.com/en-us', name: 'Acme', source: 'stapply' }),
        row({
          platform: 'workday',
          token: 'alignmenthealthcare5.impl-wd12.myworkdayjobs.com/External',
          name: 'Alignment',
        }),
      ]),
    ).toEqual([]);
  });
});

describe('the build step', () => {
  let src: string;
  beforeAll(() => {
    // A miniature of ../shared/data/directory in each source's own format (our own rows, not copies).
    src = mkdtempSync(join(tmpdir(), 'jobindex-directory-'));
    for (const d of ['freehire', 'ats-scrapers', 'stapply', 'jobsync']) mkdirSync(join(src, d));
    writeFileSync(
      join(src, 'freehire/greenhouse.yml'),
      '# greenhouse boards\n\n- company: Stripe\n  board: stripe\n- company: SJ Test\n  board: sj\n',
    );
    writeFileSync(join(src, 'freehire/lever.yml'), '- company: Aevi\n  board: aevi\n  region: eu\n');
    // CRLF header then LF rows, and a quoted name with a comma: as kalil0321's oracle.csv mixes them.
    writeFileSync(
      join(src, 'ats-scrapers/greenhouse.csv'),
      'name,slug,url\r\n"Stripe, Inc.",Stripe,https://job-boards.greenhouse.io/stripe\nKrafton,krafton,https://job-boards.greenhouse.io/krafton\n',
    );
    writeFileSync(
      join(src, 'stapply/smartrecruiters.csv'),
      'name,url\nWshgroup,https://jobs.smartrecruiters.com/WSHGroup/744000091624446-bartender\n',
    );
    writeFileSync(
      join(src, 'jobsync/greenhouse-companies.json'),
      JSON.stringify([{ name: 'Krafton', token: 'KRAFTON' }]),
    );
  });
  afterAll(() => rmSync(src, { recursive: true, force: true }));

  it('writes a directory file the app reads back, and the MIT notices beside it', () => {
    const out = join(src, 'out/boards.tsv.gz');
    const r = buildDirectory(src, out);
    expect(r.rows).toBe(7);
    const entries = readDirectoryFile(out);
    expect(entries.map((e) => [e.platform, e.token, e.name, e.region ?? '', e.sources])).toEqual([
      ['greenhouse', 'krafton', 'Krafton', '', 2],
      ['greenhouse', 'stripe', 'Stripe', '', 2],
      ['lever', 'aevi', 'Aevi', 'eu', 1],
    ]);
    const notice = readFileSync(join(src, 'out/LICENSES.md'), 'utf8');
    for (const holder of ['Kalil Bouzigues', 'stapply-ai', 'gsync', 'freehire']) expect(notice).toContain(holder);
    expect(notice).toContain('Permission is hereby granted');
  });

  it('builds the same bytes twice (a rebuild of unchanged sources shows no diff)', () => {
    const a = join(src, 'a/boards.tsv.gz');
    const b = join(src, 'b/boards.tsv.gz');
    buildDirectory(src, a);
    buildDirectory(src, b);
    expect(readFileSync(a).equals(readFileSync(b))).toBe(true);
  });
});

describe('the name search', () => {
  const d = new DirectorySearch([
    { platform: 'greenhouse', key: 'stripe', token: 'stripe', name: 'Stripe', sources: 4 },
    { platform: 'lever', key: 'stripes', token: 'stripes', name: 'Stripes Agency', sources: 1 },
    { platform: 'ashby', key: 'pinstripe', token: 'pinstripe', name: 'Pinstripe', sources: 2 },
    { platform: 'workable', key: 'zurichbank', token: 'zurichbank', name: 'Zürich-Bank, Inc.', sources: 1 },
    { platform: 'greenhouse', key: '10xgenomics', token: '10xgenomics', name: '10x Genomics', sources: 3 },
    { platform: 'greenhouse', key: 'krafton', token: 'krafton', name: 'Krafton', sources: 1 },
    { platform: 'greenhouse', key: 'kraftonjobs', token: 'kraftonjobs', name: 'Krafton', sources: 1 },
  ]);

  it('exact name first, then names that start with it, then names that contain it', () => {
    expect(d.search('stripe').map((e) => e.name)).toEqual(['Stripe', 'Stripes Agency', 'Pinstripe']);
  });
  it('ignores case, accents and punctuation, and matches across word breaks', () => {
    expect(d.search('zurich bank').map((e) => e.key)).toEqual(['zurichbank']);
    expect(d.search('10xgen').map((e) => e.key)).toEqual(['10xgenomics']);
  });
  it('lists every board of a company that has several', () => {
    expect(d.search('Krafton').map((e) => e.key)).toEqual(['krafton', 'kraftonjobs']);
  });
  it('filters by platform and limits; an empty query finds nothing', () => {
    expect(d.search('stripe', { platform: 'lever' }).map((e) => e.key)).toEqual(['stripes']);
    expect(d.search('stripe', { limit: 1 })).toHaveLength(1);
    expect(d.search('  ')).toEqual([]);
  });
});

describe('the committed directory (no ../shared needed)', () => {
  const entries = readDirectoryFile();
  it('holds boards on every platform the crawler reads, and the ones being added', () => {
    const per = new Map<string, number>();
    for (const e of entries) per.set(e.platform, (per.get(e.platform) ?? 0) + 1);
    for (const p of [
      'greenhouse',
      'lever',
      'ashby',
      'smartrecruiters',
      'workable',
      'recruitee',
      'workday',
      'bamboohr',
      'personio',
      'teamtailor',
      'breezy',
      'jazzhr',
    ]) {
      expect(per.get(p) ?? 0, p).toBeGreaterThan(1000);
    }
  });
  it('answers a company name from the shipped file', () => {
    const hit = new DirectorySearch(entries).search('Stripe')[0];
    expect(hit).toMatchObject({ platform: 'greenhouse', token: 'stripe', name: 'Stripe' });
  });
  it('has no two boards with one identity and none of the junk SOURCES.md names', () => {
    const ids = entries.map((e) => `${e.platform}:${e.key}`);
    expect(new Set(ids).size).toBe(ids.length);
    for (const junk of [
      'greenhouse:starwars',
      'greenhouse:sj',
      'lever:leverdemo',
      'smartrecruiters:external-referrals',
    ])
      expect(ids).not.toContain(junk);
  });
  it('keeps an id-named board another source gives a real name', () => {
    // freehire and stapply name greenhouse:103644278 by its id; kalil0321 calls it Lume Deodorant.
    expect(entries.find((e) => e.platform === 'greenhouse' && e.key === '103644278')?.name).toBe('Lume Deodorant');
  });
});
