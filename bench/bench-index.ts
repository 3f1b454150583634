import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildIndex } from '#tools/generate/build-index';
import { openIndex } from '#service/index-db/open-index';
import { packageRoot } from '#service/paths';

export const BENCH_NOW = Date.UTC(2026, 10, 1);
export const BENCH_SEED = 42;

/** The generated benchmark index of `jobs` jobs, built once, kept under bench/.data and brought to this build's schema. */
export function benchIndex(jobs: number): string {
  const dir = join(packageRoot, 'bench', '.data');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `index-${jobs}-s${BENCH_SEED}.sqlite`);
  if (!existsSync(file)) {
    process.stderr.write(`building ${jobs.toLocaleString('en')}-job bench index (one time)…\n`);
    const t = performance.now();
    buildIndex(file, { jobs, seed: BENCH_SEED, now: BENCH_NOW }, (p) => {
      if (p.done % 100_000 === 0) process.stderr.write(`  ${p.done.toLocaleString('en')}\n`);
    });
    process.stderr.write(`  built in ${((performance.now() - t) / 1000).toFixed(0)} s\n`);
  }
  openIndex(file).close(); // a kept file is brought to this build's schema (migrations, then after-migrate)
  return file;
}

/** The middle value (the lower of the two middle ones for an even count). */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
