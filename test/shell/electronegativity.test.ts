import { describe, expect, it } from 'vitest';
import { readJustifications, scanShell, type Finding } from './electronegativity.js';

// `npm run lint:electron` runs this file alone. Every finding above "low" must be fixed or have a
// row (check id, file, reason) in docs/decisions/electron-security.md; a row that no longer
// matches a finding must be removed, so the table stays the list of what is really accepted.
describe('electronegativity over the shell', () => {
  it(
    'reports nothing above low that is not justified, and every justification is still needed',
    { timeout: 120_000 },
    async () => {
      const { findings, parseErrors } = await scanShell();
      const justified = readJustifications();
      const key = (f: { id: string; file: string }) => `${f.id} ${f.file}`;
      const accepted = new Set(justified.map(key));
      const show = (f: Finding) => `${f.severity}/${f.confidence} ${f.id} ${f.file}:${f.line} ${f.description}`;

      expect(parseErrors, 'files electronegativity could not parse are files it did not check').toEqual([]);
      expect(findings.filter((f) => !accepted.has(key(f))).map(show)).toEqual([]);
      const found = new Set(findings.map(key));
      expect(justified.filter((j) => !found.has(key(j))).map(key), 'stale rows in the justification table').toEqual([]);
    },
  );
});
