import { describe, expect, it } from 'vitest';
import { parseDateFilter } from '#shared/rules/dates';
import { FieldError } from '#shared/rules/field-error';

const FIELD = 'query.filters.discoveredAfter';

function rejects(value: string, field = FIELD): void {
  let err: unknown;
  try {
    parseDateFilter(value, field);
  } catch (e) {
    err = e;
  }
  expect(err, `${JSON.stringify(value)} should be rejected`).toBeInstanceOf(FieldError);
  expect((err as FieldError).field).toBe(field);
  expect((err as FieldError).message.startsWith(`${field}:`)).toBe(true);
}

describe('parseDateFilter: YYYY-MM-DD', () => {
  it('is midnight UTC of that day', () => {
    expect(parseDateFilter('2026-10-01', FIELD)).toBe(Date.UTC(2026, 9, 1));
    expect(parseDateFilter('1999-12-31', FIELD)).toBe(Date.UTC(1999, 11, 31));
  });

  it('accepts 29 February only in leap years', () => {
    expect(parseDateFilter('2024-02-29', FIELD)).toBe(Date.UTC(2024, 1, 29));
    expect(parseDateFilter('2000-02-29', FIELD)).toBe(Date.UTC(2000, 1, 29));
    rejects('2026-02-29');
    rejects('1900-02-29');
  });

  it('rejects dates that do not exist on the calendar instead of rolling them over', () => {
    for (const v of ['2026-02-30', '2026-02-31', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-01-32'])
      rejects(v);
  });

  it('rejects other spellings of a date', () => {
    for (const v of [
      '2026-1-5',
      '26-01-05',
      '2026/01/05',
      '20260105',
      '01-05-2026',
      ' 2026-01-05',
      '2026-01-05 ',
      '2026-01',
    ]) {
      rejects(v);
    }
  });
});

describe('parseDateFilter: RFC 3339 date-times', () => {
  it('reads UTC with Z', () => {
    expect(parseDateFilter('2026-10-01T12:34:56Z', FIELD)).toBe(Date.UTC(2026, 9, 1, 12, 34, 56));
  });

  it('applies positive and negative offsets', () => {
    expect(parseDateFilter('2026-10-01T12:00:00+02:00', FIELD)).toBe(Date.UTC(2026, 9, 1, 10));
    expect(parseDateFilter('2026-10-01T12:00:00-05:30', FIELD)).toBe(Date.UTC(2026, 9, 1, 17, 30));
    expect(parseDateFilter('2026-10-01T00:30:00+01:00', FIELD)).toBe(Date.UTC(2026, 8, 30, 23, 30));
    expect(parseDateFilter('2026-10-01T12:00:00+00:00', FIELD)).toBe(parseDateFilter('2026-10-01T12:00:00Z', FIELD));
  });

  it('keeps fractional seconds (to the millisecond) of any length from 1 to 9 digits', () => {
    expect(parseDateFilter('2026-10-01T12:00:00.5Z', FIELD)).toBe(Date.UTC(2026, 9, 1, 12, 0, 0, 500));
    expect(parseDateFilter('2026-10-01T12:00:00.123Z', FIELD)).toBe(Date.UTC(2026, 9, 1, 12, 0, 0, 123));
    expect(parseDateFilter('2026-10-01T12:00:00.123456789Z', FIELD)).toBe(Date.UTC(2026, 9, 1, 12, 0, 0, 123));
    expect(parseDateFilter('2026-10-01T12:00:00.250+02:00', FIELD)).toBe(Date.UTC(2026, 9, 1, 10, 0, 0, 250));
  });

  it('accepts lowercase t and z as RFC 3339 allows', () => {
    expect(parseDateFilter('2026-10-01t12:00:00z', FIELD)).toBe(Date.UTC(2026, 9, 1, 12));
  });

  it('accepts a leap second (RFC 3339 allows :60) as the instant after :59', () => {
    expect(parseDateFilter('2016-12-31T23:59:60Z', FIELD)).toBe(Date.UTC(2017, 0, 1));
    expect(parseDateFilter('2016-12-31T23:59:60.5Z', FIELD)).toBe(Date.UTC(2017, 0, 1, 0, 0, 0, 500));
    expect(parseDateFilter('2015-06-30T19:59:60-04:00', FIELD)).toBe(Date.UTC(2015, 6, 1));
  });

  it('rejects impossible dates and times', () => {
    for (const v of [
      '2026-02-30T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-10-01T24:00:00Z',
      '2026-10-01T23:60:00Z',
      '2026-10-01T23:59:61Z',
      '2026-10-01T12:00:00+25:00',
      '2026-10-01T12:00:00+02:60',
    ]) {
      rejects(v);
    }
  });

  it('rejects date-times without a zone, with a bad fraction, or in other formats', () => {
    for (const v of [
      '2026-10-01T12:00:00',
      '2026-10-01T12:00Z',
      '2026-10-01T12:00:00.Z',
      '2026-10-01T12:00:00.1234567890Z',
      '2026-10-01T12:00:00+0200',
      '2026-10-01T12:00:00+02',
      '2026-10-01T12:00:00 Z',
      'Thu, 01 Oct 2026 12:00:00 GMT',
      '1790000000000',
    ]) {
      rejects(v);
    }
  });

  it('rejects garbage and names the field it was given', () => {
    for (const v of ['', 'yesterday', 'now', 'null', '2026-10-01T', 'T12:00:00Z', '<script>']) rejects(v);
    rejects('garbage', 'discoveredAfter');
    rejects('garbage', 'query.filters.verifiedAfter');
  });
});
