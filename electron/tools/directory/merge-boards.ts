import { identify, type BoardIdentity } from './board-identity.js';
import { isEchoName, junkReason } from './junk-rules.js';
import { SOURCES, type RawRow, type SourceName } from './raw-row.js';

/** One board of the shipped directory. */
export interface DirectoryBoard extends BoardIdentity {
  name: string;
  /** Which sources list it (a board several harvests agree on is likelier alive). */
  sources: SourceName[];
}

export interface MergeReport {
  rows: number;
  boards: number;
  /** Rows or boards left out, by reason. */
  dropped: Record<string, number>;
}

interface Acc {
  id: BoardIdentity;
  names: { name: string; source: SourceName }[];
  sources: Set<SourceName>;
}

/** Kalil0321's Workday names read "Tenant (Site Name)": the tenant is the company. */
const cleanName = (name: string, platform: string) =>
  (platform === 'workday' ? name.replace(/\s*\([^)]*\)\s*$/, '') : name).replace(/\s+/g, ' ').trim();

/**
 * The best company name of a board: a real name over one that only echoes the token
 * ("Liminal" over "liminalbuild"), then the more trusted source (stapply's names are
 * title-cased tokens), then the first seen.
 */
export function bestName(names: { name: string; source: SourceName }[], token: string): string {
  let best: { name: string; score: number } | undefined;
  for (const n of names) {
    if (!n.name) continue;
    const score = (isEchoName(n.name, token) ? 0 : 10) + (SOURCES.length - SOURCES.indexOf(n.source));
    if (!best || score > best.score) best = { name: n.name, score };
  }
  return best?.name ?? '';
}

/** De-duplicates rows on board identity, keeps the best name, drops junk. Sorted by platform, then key. */
export function mergeBoards(rows: RawRow[]): { boards: DirectoryBoard[]; report: MergeReport } {
  const dropped: Record<string, number> = {};
  const drop = (why: string) => (dropped[why] = (dropped[why] ?? 0) + 1);
  const byKey = new Map<string, Acc>();
  for (const row of rows) {
    const id = identify(row);
    if ('unusable' in id) {
      drop(id.unusable.startsWith('a single posting') ? 'a single posting, not a board' : 'no usable board in the row');
      continue;
    }
    const k = `${id.platform}:${id.key}`;
    const name = cleanName(row.name, id.platform);
    const acc = byKey.get(k);
    if (!acc) {
      byKey.set(k, { id, names: [{ name, source: row.source }], sources: new Set([row.source]) });
      continue;
    }
    acc.names.push({ name, source: row.source });
    acc.sources.add(row.source);
    // Any source that puts the board on the EU host knows more than one that leaves the host out.
    if (id.region === 'eu' && !acc.id.region) acc.id = { ...acc.id, region: 'eu' };
    // Prefer a token as the platform's own URL spells it over a %-encoded one.
    if (/%[0-9a-f]{2}/i.test(acc.id.token) && !/%[0-9a-f]{2}/i.test(id.token))
      acc.id = { ...id, region: acc.id.region ?? id.region };
  }
  const boards: DirectoryBoard[] = [];
  for (const acc of byKey.values()) {
    const name = bestName(acc.names, acc.id.key);
    const why = junkReason(acc.id, name);
    if (why) {
      drop(why);
      continue;
    }
    const sources = SOURCES.filter((s) => acc.sources.has(s));
    const { region, ...id } = acc.id;
    boards.push({ ...id, ...(region ? { region } : {}), name, sources });
  }
  boards.sort((a, b) =>
    a.platform < b.platform ? -1 : a.platform > b.platform ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
  );
  return { boards, report: { rows: rows.length, boards: boards.length, dropped } };
}
