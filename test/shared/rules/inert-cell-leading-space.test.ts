// CSV cells that a spreadsheet trims before judging (issue 32 item 11): a leading space, NBSP or
// line break before = + - @ still makes a formula, so the cell is neutralised too.
import { describe, expect, it } from 'vitest';
import { inertCell } from '../../../shared/export/inert-cell.js';

describe('inertCell with leading whitespace', () => {
  it.each([
    ' =1+2',
    '\u00a0=HYPERLINK("http://x")',
    '\n=cmd|" /C calc"!A0',
    '\r\n+1',
    ' \t-1',
    '\u200b@SUM(A1)',
    '\ufeff=1',
    '\u2003=1',
  ])('neutralises %j', (cell) => {
    expect(inertCell(cell)).toBe(`'${cell}`);
  });

  it('leaves ordinary text, and whitespace before other characters, as it is', () => {
    for (const cell of ['Senior engineer', ' Berlin', 'a=b', '\u00a0Remote', 'C++ developer'])
      expect(inertCell(cell)).toBe(cell);
  });
});
