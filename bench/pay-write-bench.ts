// npm run bench:pay-write — what job_pay_search (migration 0010) costs the writer: building an
// index of BENCH_WRITE_JOBS generated jobs (the writer's path: sync and a crawl write through the
// same IndexWriter), the size of both full-text indexes, and newer exchange rates (every job's
// row rewritten). Run it at the commit before 0010 for the build time without it.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIndex } from '#tools/generate/build-index';
import { openIndex } from '#service/index-db/open-index';
import { setExchangeRates } from '../electron/service/index-db/write/exchange-rates.js';
import { SHIPPED_RATES } from '#shared/pay/exchange-rates';
import { BENCH_NOW } from './bench-index.js';

const JOBS = Number(process.env.BENCH_WRITE_JOBS ?? 50_000);
const dir = mkdtempSync(join(tmpdir(), 'pay-write-'));
const file = join(dir, 'index.sqlite');
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
try {
  let t = performance.now();
  buildIndex(file, { jobs: JOBS, seed: 42, now: BENCH_NOW });
  const build = (performance.now() - t) / 1000;
  const db = openIndex(file);
  const size = (like: string) =>
    db.prepare('SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name LIKE ?').pluck().get(like) as number;
  const paid = db
    .prepare("SELECT count(*) FROM jobs WHERE status = 'active' AND pay_sort >= 0")
    .pluck()
    .get() as number;
  const hasPaySearch = db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'job_pay_search'").get() !== undefined;
  t = performance.now();
  if (hasPaySearch) {
    const perEur = Object.fromEntries(
      Object.entries(SHIPPED_RATES.perEur).map(([c, r]) => [c, c === 'EUR' ? r : r * 1.01]),
    );
    setExchangeRates(db, { asOf: '2026-11-02', source: 'bench', perEur });
  }
  const rates = (performance.now() - t) / 1000;
  process.stdout.write(
    `${JOBS.toLocaleString('en')} jobs (${paid.toLocaleString('en')} active with a comparable pay)\n` +
      `build ${build.toFixed(1)} s, file ${mib(statSync(file).size)} MiB\n` +
      `job_search ${mib(size('job_search%'))} MiB, job_pay_search ${mib(size('job_pay_search%'))} MiB\n` +
      (hasPaySearch ? `newer exchange rates (setExchangeRates): ${rates.toFixed(1)} s\n` : ''),
  );
  db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
