// npm run bench:durability — what synchronous=FULL costs the user's file: one hide (its own
// transaction, as HidingService.HideJob writes it) timed with NORMAL and with FULL, rounds
// alternating so a load change hits both alike. The file is on the working disk, not /tmp.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '#service/paths';
import { USER_FILE } from '#service/sqlite/file-kinds';
import { openDatabase } from '#service/sqlite/open';
import { HiddenJobs } from '../electron/service/user-db/hidden-jobs.js';
import { userMigrations } from '../electron/service/user-db/migrations/index.js';

const WRITES = Number(process.env.BENCH_WRITES ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MODES = ['NORMAL', 'FULL'] as const;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function round(dir: string, mode: (typeof MODES)[number], n: number): number[] {
  const db = openDatabase(join(dir, `${mode}-${n}.sqlite`), userMigrations, USER_FILE, { synchronous: mode });
  try {
    const hidden = new HiddenJobs(db);
    const times: number[] = [];
    for (let i = 0; i < WRITES; i++) {
      const t = performance.now();
      hidden.hide(randomUUID(), 'Bench Job', 'Bench Co', 'hidden');
      times.push(performance.now() - t);
    }
    return times;
  } finally {
    db.close();
  }
}

const base = join(packageRoot, 'bench', '.data');
mkdirSync(base, { recursive: true });
const dir = mkdtempSync(join(base, 'durability-'));
try {
  const all: Record<string, number[]> = { NORMAL: [], FULL: [] };
  for (let r = 0; r < ROUNDS; r++)
    for (const mode of r % 2 ? [...MODES].reverse() : MODES) all[mode]!.push(...round(dir, mode, r));
  console.log(`user file: ${ROUNDS} rounds × ${WRITES} hides, each its own transaction`);
  console.log('| synchronous | median ms | p99 ms | writes/s |');
  console.log('|---|---:|---:|---:|');
  for (const mode of MODES) {
    const t = all[mode]!.sort((a, b) => a - b);
    const median = quantile(t, 0.5);
    console.log(`| ${mode} | ${median.toFixed(3)} | ${quantile(t, 0.99).toFixed(3)} | ${Math.round(1000 / median)} |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
