import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { parse as parseYaml } from 'yaml';
import type { RawRow, SourceName } from './raw-row.js';

/** File names that differ from the platform's name. */
const PLATFORM_OF_FILE: Record<string, string> = { join_com: 'join', beisen_legacy: 'beisen' };
/** kalil0321 files whose `slug` is a URL or not unique: the board is keyed on the url there (SOURCES.md). */
const KEY_ON_URL = new Set(['cornerstone', 'successfactors', 'taleo', 'ukg']);

const platformOf = (file: string) => {
  const base = file.replace(/\.(ya?ml|csv|json)$/, '').replace(/-companies$/, '');
  return PLATFORM_OF_FILE[base] ?? base;
};

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** freehire: a YAML list of {company, board[, region: eu]}. */
function freehire(dir: string): RawRow[] {
  const rows: RawRow[] = [];
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith('.yml'))
    .sort()) {
    const doc: unknown = parseYaml(readFileSync(join(dir, f), 'utf8'));
    if (!Array.isArray(doc)) continue;
    doc.forEach((e: unknown, i) => {
      if (typeof e !== 'object' || e === null) return;
      const o = e as Record<string, unknown>;
      rows.push({
        source: 'freehire',
        platform: platformOf(f),
        token: text(o.board),
        name: text(o.company),
        ...(o.region === 'eu' ? { eu: true } : {}),
        at: `freehire/${f}#${i + 1}`,
      });
    });
  }
  return rows;
}

function csvRecords(file: string): Record<string, string>[] {
  // Some files mix CRLF and LF line ends (kalil0321's oracle.csv): one delimiter for the parser.
  const text = readFileSync(file, 'utf8').replace(/\r\n?/g, '\n');
  return parseCsv(text, { columns: true, skip_empty_lines: true, relax_column_count: true, bom: true }) as Record<
    string,
    string
  >[];
}

/** kalil0321/ats-scrapers (name,slug,url) and stapply (name,url): CSV with a header. */
function csvSource(dir: string, source: SourceName): RawRow[] {
  const rows: RawRow[] = [];
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort()) {
    const platform = platformOf(f);
    csvRecords(join(dir, f)).forEach((r, i) => {
      const slug = KEY_ON_URL.has(platform) ? '' : text(r.slug);
      rows.push({
        source,
        platform,
        ...(slug ? { token: slug } : {}),
        ...(text(r.url) ? { url: text(r.url) } : {}),
        name: text(r.name) || text(r.company_name),
        at: `${source === 'kalil' ? 'ats-scrapers' : source}/${f}#${i + 2}`,
      });
    });
  }
  return rows;
}

/** jobsync: a JSON array of {name, token[, host: "eu"]}. */
function jobsync(dir: string): RawRow[] {
  const rows: RawRow[] = [];
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const doc: unknown = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    if (!Array.isArray(doc)) continue;
    doc.forEach((e: unknown, i) => {
      if (typeof e !== 'object' || e === null) return;
      const o = e as Record<string, unknown>;
      rows.push({
        source: 'jobsync',
        platform: platformOf(f),
        token: text(o.token),
        name: text(o.name),
        ...(o.host === 'eu' ? { eu: true } : {}),
        at: `jobsync/${f}#${i + 1}`,
      });
    });
  }
  return rows;
}

/** Every row of the four sources under `root` (../shared/data/directory). */
export function readSources(root: string): RawRow[] {
  return [
    ...freehire(join(root, 'freehire')),
    ...csvSource(join(root, 'ats-scrapers'), 'kalil'),
    ...csvSource(join(root, 'stapply'), 'stapply'),
    ...jobsync(join(root, 'jobsync')),
  ];
}
