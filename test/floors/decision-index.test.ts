import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The decision index lists every record once, each with the day it was written and its status.
const dir = new URL('../../docs/decisions/', import.meta.url);
const records = readdirSync(dir)
  .filter((f) => f.endsWith('.md') && f !== 'README.md')
  .sort();
const rows = readFileSync(new URL('README.md', dir), 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('| ['));

describe('docs/decisions/README.md', () => {
  it('lists every record exactly once', () => {
    const listed = rows.map((r) => /^\| \[([^\]]+)\]\(([^)]+)\)/.exec(r)?.[2]);
    expect([...listed].sort()).toEqual(records);
  });

  it('gives each record a date and a status', () => {
    for (const row of rows) {
      const cells = row.split(' | ');
      expect(cells, row).toHaveLength(4);
      expect(cells[2], row).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(cells[3], row).toMatch(/^(accepted|proposed|superseded|amended)\b.*\|$/);
    }
  });
});
