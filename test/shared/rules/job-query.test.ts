import { describe, expect, it } from 'vitest';
import { FieldError } from '#shared/rules/field-error';
import {
  effectiveSort,
  normalizeFilters,
  normalizeJobQuery,
  normalizeLimit,
  normalizeText,
} from '#shared/rules/job-query';
import { EMPLOYMENT_TYPES, SENIORITIES, SORTS, WORK_MODES } from '#shared/rules/vocabulary';
import { isUuid } from '#shared/rules/ids';

/** Runs `fn`, expects a FieldError naming exactly `field`. */
function fieldError(fn: () => unknown, field: string): FieldError {
  let err: unknown;
  try {
    fn();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(FieldError);
  expect((err as FieldError).field).toBe(field);
  expect((err as FieldError).message.startsWith(`${field}:`)).toBe(true);
  return err as FieldError;
}

describe('country filter', () => {
  it('is uppercased and trimmed', () => {
    expect(normalizeFilters({ country: 'de' }, 'query.filters.').country).toBe('DE');
    expect(normalizeFilters({ country: ' gB ' }, 'query.filters.').country).toBe('GB');
    expect(normalizeFilters({ country: 'US' }, 'query.filters.').country).toBe('US');
  });

  it('must be an ISO 3166-1 alpha-2 code', () => {
    for (const bad of ['XX', 'UK', 'USA', 'U', 'D E', '12', 'Germany', 'us1']) {
      fieldError(() => normalizeFilters({ country: bad }, 'query.filters.'), 'query.filters.country');
    }
  });

  it('is named by the path the filters object was sent at', () => {
    fieldError(() => normalizeFilters({ country: 'ZZ' }, ''), 'country');
  });

  it('blank means no constraint', () => {
    expect(normalizeFilters({ country: '' }, '')).toEqual({});
    expect(normalizeFilters({ country: '   ' }, '')).toEqual({});
  });
});

describe('date filters', () => {
  it('parse RFC 3339 and YYYY-MM-DD into epoch ms', () => {
    const f = normalizeFilters(
      { discoveredAfter: '2026-10-01', verifiedAfter: '2026-10-01T12:00:00+02:00' },
      'query.filters.',
    );
    expect(f.discoveredAfter).toBe(Date.UTC(2026, 9, 1));
    expect(f.verifiedAfter).toBe(Date.UTC(2026, 9, 1, 10));
  });

  it('reject garbage naming the field', () => {
    fieldError(
      () => normalizeFilters({ discoveredAfter: 'last week' }, 'query.filters.'),
      'query.filters.discoveredAfter',
    );
    fieldError(
      () => normalizeFilters({ verifiedAfter: '2026-02-30' }, 'query.filters.'),
      'query.filters.verifiedAfter',
    );
    fieldError(() => normalizeFilters({ discoveredAfter: '2026-13-01' }, ''), 'discoveredAfter');
  });

  it('empty string means no constraint', () => {
    expect(normalizeFilters({ discoveredAfter: '', verifiedAfter: '' }, '')).toEqual({});
  });
});

describe('limit', () => {
  it('defaults to 25 and accepts 1 to 100', () => {
    expect(normalizeLimit(undefined, 'query.limit')).toBe(25);
    expect(normalizeLimit(1, 'query.limit')).toBe(1);
    expect(normalizeLimit(100, 'query.limit')).toBe(100);
    expect(normalizeJobQuery({}).limit).toBe(25);
  });

  it('rejects 0, 101, negatives and fractions naming the field', () => {
    for (const bad of [0, 101, -1, 2.5, Number.NaN, 1e9])
      fieldError(() => normalizeLimit(bad, 'query.limit'), 'query.limit');
    fieldError(() => normalizeJobQuery({ limit: 0 }), 'query.limit');
    fieldError(() => normalizeJobQuery({ limit: 101 }), 'query.limit');
  });

  it('uses the given bounds when there are others', () => {
    const similar = { min: 1, max: 50, default: 10 };
    expect(normalizeLimit(undefined, 'limit', similar)).toBe(10);
    expect(normalizeLimit(50, 'limit', similar)).toBe(50);
    fieldError(() => normalizeLimit(51, 'limit', similar), 'limit');
    fieldError(() => normalizeLimit(0, 'limit', similar), 'limit');
  });
});

describe('free-text query length', () => {
  it('allows exactly 200 characters and refuses 201', () => {
    expect(normalizeText('a'.repeat(200), 'query.query')).toBe('a'.repeat(200));
    fieldError(() => normalizeText('a'.repeat(201), 'query.query'), 'query.query');
    fieldError(() => normalizeJobQuery({ query: 'b'.repeat(201) }), 'query.query');
  });

  it('counts code points, not UTF-16 units (an emoji is one character)', () => {
    const emoji200 = '😀'.repeat(200); // 400 UTF-16 units
    expect(emoji200.length).toBe(400);
    expect(normalizeText(emoji200, 'query')).toBe(emoji200);
    fieldError(() => normalizeText('😀'.repeat(201), 'query'), 'query');
    // 199 letters + one astral character is 200 characters.
    expect(normalizeText(`${'x'.repeat(199)}𝄞`, 'query')).toHaveLength(201);
    fieldError(() => normalizeText(`${'x'.repeat(200)}𝄞`, 'query'), 'query');
  });

  it('trims, and blank text is no text', () => {
    expect(normalizeText('  rust developer  ', 'query')).toBe('rust developer');
    expect(normalizeText('   ', 'query')).toBeUndefined();
    expect(normalizeText('', 'query')).toBeUndefined();
    expect(normalizeJobQuery({ query: '  ' }).text).toBeUndefined();
  });

  it('applies to the city, company and companyId filters too', () => {
    fieldError(() => normalizeFilters({ city: 'c'.repeat(201) }, 'query.filters.'), 'query.filters.city');
    fieldError(() => normalizeFilters({ company: 'c'.repeat(201) }, 'query.filters.'), 'query.filters.company');
    expect(normalizeFilters({ city: ' Berlin ', company: ' Acme ', companyId: ' Acme-Labs ' }, '')).toEqual({
      city: 'Berlin',
      company: 'Acme',
      companyId: 'acme-labs',
    });
  });
});

describe('enumerated filters', () => {
  it('accept every documented value', () => {
    for (const v of EMPLOYMENT_TYPES) expect(normalizeFilters({ employmentType: v }, '').employmentType).toBe(v);
    for (const v of SENIORITIES) expect(normalizeFilters({ seniority: v }, '').seniority).toBe(v);
    for (const v of WORK_MODES) expect(normalizeFilters({ workMode: v }, '').workMode).toBe(v);
    for (const v of SORTS) expect(effectiveSort(v, 'text', 'sort')).toBe(v);
  });

  it("are the spec's lists", () => {
    expect([...EMPLOYMENT_TYPES].sort()).toEqual(['contract', 'full_time', 'internship', 'part_time', 'temporary']);
    expect([...WORK_MODES].sort()).toEqual(['hybrid', 'onsite', 'remote']);
    // The spec's five sorts, plus our documented extensions: pay_desc (docs/decisions/comparable-pay.md)
    // and posted, the posting's own age (docs/decisions/posting-age.md).
    expect([...SORTS].sort()).toEqual([
      'company',
      'newest',
      'pay_desc',
      'posted',
      'recently_verified',
      'relevance',
      'salary_desc',
    ]);
    expect([...SENIORITIES].sort()).toEqual([
      'director',
      'intern',
      'junior',
      'lead',
      'manager',
      'mid',
      'senior',
      'staff',
    ]);
  });

  it('reject other values naming the field', () => {
    const p = 'query.filters.';
    fieldError(() => normalizeFilters({ employmentType: 'fulltime' }, p), `${p}employmentType`);
    fieldError(() => normalizeFilters({ employmentType: 'FULL_TIME' }, p), `${p}employmentType`);
    fieldError(() => normalizeFilters({ seniority: 'principal' }, p), `${p}seniority`);
    fieldError(() => normalizeFilters({ workMode: 'office' }, p), `${p}workMode`);
    fieldError(() => normalizeJobQuery({ filters: { sort: 'oldest' } }), `${p}sort`);
    fieldError(() => normalizeFilters({ employmentType: 'bogus' }, ''), 'employmentType');
  });

  it('empty string means no constraint', () => {
    expect(normalizeFilters({ employmentType: '', seniority: '', workMode: '' }, '')).toEqual({});
  });
});

describe('salary filters', () => {
  it('accept non-negative integers', () => {
    expect(normalizeFilters({ salaryMin: 0, salaryMax: 150000 }, '')).toEqual({ salaryMin: 0, salaryMax: 150000 });
  });

  it('reject negatives and fractions naming the field', () => {
    fieldError(() => normalizeFilters({ salaryMin: -1 }, 'query.filters.'), 'query.filters.salaryMin');
    fieldError(() => normalizeFilters({ salaryMax: 10.5 }, 'query.filters.'), 'query.filters.salaryMax');
  });
});

describe('effective sort', () => {
  it('defaults to relevance when there is text', () => {
    expect(effectiveSort(undefined, 'engineer', 'sort')).toBe('relevance');
    expect(effectiveSort('', 'engineer', 'sort')).toBe('relevance');
    expect(normalizeJobQuery({ query: 'engineer' }).sort).toBe('relevance');
  });

  it('is newest without text, including an explicit relevance', () => {
    expect(effectiveSort(undefined, undefined, 'sort')).toBe('newest');
    expect(effectiveSort('relevance', undefined, 'sort')).toBe('newest');
    expect(normalizeJobQuery({}).sort).toBe('newest');
    expect(normalizeJobQuery({ query: '   ', filters: { sort: 'relevance' } }).sort).toBe('newest');
  });

  it('keeps an explicit non-relevance sort with or without text', () => {
    expect(normalizeJobQuery({ query: 'nurse', filters: { sort: 'salary_desc' } }).sort).toBe('salary_desc');
    expect(normalizeJobQuery({ filters: { sort: 'company' } }).sort).toBe('company');
  });
});

describe('normalizeJobQuery', () => {
  it('applies every rule at once', () => {
    expect(
      normalizeJobQuery({
        query: ' data ',
        filters: { country: 'ca', remote: false, employmentType: 'contract', discoveredAfter: '2026-09-01' },
        limit: 50,
        cursor: 'abc',
      }),
    ).toEqual({
      text: 'data',
      filters: { country: 'CA', remote: false, employmentType: 'contract', discoveredAfter: Date.UTC(2026, 8, 1) },
      sort: 'relevance',
      limit: 50,
      cursor: 'abc',
    });
  });

  it('treats an empty cursor as none', () => {
    expect(normalizeJobQuery({ cursor: '' })).not.toHaveProperty('cursor');
  });
});

describe('job ids', () => {
  it('are canonical uuids in any case', () => {
    expect(isUuid('003648e9-e306-4f73-8868-983b7a2a1b70')).toBe(true);
    expect(isUuid('003648E9-E306-4F73-8868-983B7A2A1B70')).toBe(true);
  });

  it('reject everything else', () => {
    for (const bad of [
      '',
      'abc',
      '003648e9e3064f738868983b7a2a1b70',
      '{003648e9-e306-4f73-8868-983b7a2a1b70}',
      '003648e9-e306-4f73-8868-983b7a2a1b70x',
      ' 003648e9-e306-4f73-8868-983b7a2a1b70',
      '003648e9-e306-4f73-8868-983b7a2a1b7',
      'g03648e9-e306-4f73-8868-983b7a2a1b70',
    ]) {
      expect(isUuid(bad), bad).toBe(false);
    }
  });
});
