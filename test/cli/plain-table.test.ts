import Table from 'cli-table3';
import { describe, expect, it } from 'vitest';
import { drawTable } from '../../electron/cli/output.js';
import { drawPlainTable, isPlainTable } from '../../electron/cli/plain-table.js';

// The CLI draws its tables without cli-table3 when every cell is plain text (issue 30, a fast
// CLI); what a person sees must not change. cli-table3, with printTable's options, is the oracle.

function byCliTable3(head: string[], rows: string[][]): string {
  const table = new Table({ head, style: { head: [], border: [] }, wordWrap: true });
  table.push(...rows);
  return table.toString();
}

// What search, companies and boards print: prices in many currencies and scripts, CJK and emoji
// (two columns wide), combining marks and zero-width joiners, empty cells, long ids.
const CELLS = [
  '',
  'Hardware Engineer',
  'Evergreen Security',
  'Remote (Canada)',
  '$97,000 – $124,000/yr',
  '€75,000 – €96,000/yr',
  '₹3,812,000 – ₹4,870,000/yr',
  'CA$67,000–86,000/yr',
  '¥8,000,000/yr',
  'CHF 120,000/yr',
  '5 minutes ago',
  '7f6373e5-097f-4eec-9f12-7c14ef395b47',
  'ソフトウェアエンジニア',
  '软件工程师 (远程)',
  '개발자',
  'Ingénieur logiciel — Zürich',
  'e\u0301quipe',
  '👩‍💻 Developer',
  '🚀',
  'Москва, RU',
  'مهندس برمجيات',
  'São Paulo, SP, BR +2 more',
  '  spaced  ',
  'a|b│c',
];

/** A small deterministic generator, so a failure names a table that can be drawn again. */
function* tables(): Generator<{ head: string[]; rows: string[][] }> {
  let seed = 7;
  // An LCG's low bits repeat quickly: use its high ones.
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed >>> 12);
  for (let t = 0; t < 300; t++) {
    const cols = 1 + (next() % 8);
    const rowCount = next() % 22;
    const cell = () => CELLS[next() % CELLS.length]!;
    const head = Array.from({ length: cols }, () => cell() || 'Id');
    const rows = Array.from({ length: rowCount }, () => Array.from({ length: cols }, cell));
    yield { head, rows };
  }
}

describe('the CLI table without cli-table3', () => {
  it('draws every plain table byte for byte as cli-table3 does', () => {
    let drawn = 0;
    const seen = { cols: new Set<number>(), empty: 0 };
    for (const { head, rows } of tables()) {
      seen.cols.add(head.length);
      if (rows.length === 0) seen.empty++;
      expect(isPlainTable(head, rows)).toBe(true);
      expect(drawPlainTable(head, rows), JSON.stringify({ head, rows })).toBe(byCliTable3(head, rows));
      drawn++;
    }
    expect(drawn).toBe(300);
    expect(seen.cols.size).toBe(8);
    expect(seen.empty).toBeGreaterThan(0);
  });

  it('draws a search result as cli-table3 does', () => {
    const head = ['Title', 'Company', 'Location', 'Salary', 'Posted', 'Found', 'Id'];
    const rows = [
      [
        'Hardware Engineer',
        'Evergreen Security',
        'Remote (Canada)',
        '$97,000 – $124,000/yr',
        '',
        '5 minutes ago',
        'x1',
      ],
      ['ソフトウェアエンジニア', '株式会社', 'Tokyo, JP', '¥8,000,000/yr', '2 days ago', '1 hour ago', 'x2'],
    ];
    expect(drawPlainTable(head, rows)).toBe(byCliTable3(head, rows));
  });

  it('leaves cells it does not draw to cli-table3: lines, colour codes, other controls, short rows', async () => {
    const head = ['Title', 'Company'];
    const special = [
      [['Two\nlines', 'x']],
      [['\u001b[31mred\u001b[39m', 'x']],
      [['tab\there', 'x']],
      [['carriage\r', 'x']],
      [['only one cell']],
    ];
    for (const rows of special) {
      expect(isPlainTable(head, rows), JSON.stringify(rows)).toBe(false);
      expect(await drawTable(head, rows)).toBe(byCliTable3(head, rows));
    }
    expect(await drawTable(head, [['plain', 'row']])).toBe(byCliTable3(head, [['plain', 'row']]));
  });
});
