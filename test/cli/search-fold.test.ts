import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureBuilt } from '../helpers/built-dist.js';
import { runCli } from '../helpers/run-cli.js';

// `jobindex search --fold` (docs/decisions/folding.md): one row per role with its count of
// places, and `--json` carrying how many postings each result folds. Roles are marked here
// directly (fold_key): how postings fold is tested in test/service/fold/.

let tmp: string;
let db: string;
/** The role marked below: its newest posting and how many postings it has. */
let role: { head: string; postings: number; ids: string[] };

async function ok(...args: string[]): Promise<string> {
  const r = await runCli([...args, '--db', db]);
  expect(r.stderr, `jobindex ${args.join(' ')}`).toBe('');
  expect(r.code, `jobindex ${args.join(' ')}`).toBe(0);
  return r.stdout;
}

beforeAll(async () => {
  await ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'jobindex-cli-fold-'));
  db = join(tmp, 'index.sqlite');
  copyFileSync(inject('fixtureIndex'), db);
  // The five newest postings a Germany filter answers (those naming Germany and those open to a
  // region holding it: region-postings.md): one role in five places.
  const answer = await runCli(['search', '--country', 'DE', '--limit', '5', '--json', '--db', db]);
  const ids = (JSON.parse(answer.stdout) as { data: Array<{ id: string }> }).data.map((c) => c.id);
  expect(ids).toHaveLength(5);
  const d = new Database(db);
  const mark = d.prepare("UPDATE jobs SET fold_key = 'role-de' WHERE id = ?");
  for (const id of ids) mark.run(id);
  d.close();
  role = { head: ids[0]!, postings: ids.length, ids };
}, 600_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('jobindex search --fold', { timeout: 120_000 }, () => {
  it('--json carries each result with how many postings it folds; without --fold, every posting', async () => {
    const folded = JSON.parse(await ok('search', '--country', 'DE', '--limit', '5', '--fold', '--json')) as {
      data: Array<{ id: string }>;
      folded: { roles: Array<{ postings: number; otherLocations: unknown[] }> };
    };
    expect(folded.data[0]!.id).toBe(role.head);
    expect(folded.folded.roles[0]!.postings).toBe(role.postings);
    expect(folded.folded.roles[0]!.otherLocations.length).toBeGreaterThan(0);
    expect(folded.folded.roles.slice(1).every((r) => r.postings === 1)).toBe(true);
    // The role's other postings are not results of their own.
    expect(folded.data.map((c) => c.id).filter((id) => role.ids.includes(id))).toEqual([role.head]);

    const plain = JSON.parse(await ok('search', '--country', 'DE', '--limit', '5', '--json')) as {
      data: Array<{ id: string }>;
      folded?: unknown;
    };
    expect(plain.data.map((c) => c.id)).toEqual(role.ids);
    expect(plain.folded).toBeUndefined();
  });

  it('prints a Places column with the count', async () => {
    const out = await ok('search', '--country', 'DE', '--limit', '3', '--fold');
    const lines = out.split('\n');
    expect(lines.find((l) => l.includes('Title'))).toMatch(/\bPlaces\b/);
    // Its row shows the role's count of places in a cell of its own.
    expect(lines.find((l) => l.includes(role.head))).toMatch(new RegExp(`[│|]\\s*${role.postings}\\s*[│|]`));
    expect(await ok('search', '--country', 'DE', '--limit', '3')).not.toMatch(/\bPlaces\b/);
  });
});
