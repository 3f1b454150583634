// npm run bench:fold -- FILE — what folding and the posting's age cost (docs/decisions/folding.md,
// posting-age.md) on an index made by `jobindex generate` (say its scale beside the figures):
// folding every posting again (migration 0013's refoldAll), folding one written posting
// (FoldWriter.place, the writer's extra step in crawl and sync), and List under the posted sort
// and the postedAfter filter, each also folded (query.fold). Works on a copy; the file given is not changed.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openIndex } from '#service/index-db/open-index';
import { FoldWriter, refoldAll } from '../electron/service/index-db/fold/fold-writer.js';
import { JobSearch } from '../electron/service/index-db/search/job-search.js';
import { normalizeJobQuery } from '#shared/rules/job-query';

const src = process.argv[2];
if (!src) throw new Error('usage: fold-bench FILE (an index from jobindex generate)');
const dir = mkdtempSync(join(tmpdir(), 'fold-bench-'));
const file = join(dir, 'index.sqlite');
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
try {
  copyFileSync(src, file);
  const db = openIndex(file);
  const jobs = db.prepare('SELECT count(*) FROM jobs').pluck().get() as number;
  let t = performance.now();
  db.transaction(() => refoldAll(db))();
  const refold = (performance.now() - t) / 1000;
  const groups = db.prepare('SELECT count(DISTINCT fold_key) FROM jobs').pluck().get() as number;

  const rids = db.prepare('SELECT rid FROM jobs ORDER BY random() LIMIT 2000').pluck().all() as number[];
  const w = new FoldWriter(db);
  const place: number[] = [];
  db.transaction(() => {
    for (const rid of rids) {
      t = performance.now();
      w.place(rid);
      place.push((performance.now() - t) * 1000);
    }
  })();

  const search = new JobSearch(db);
  const month = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const cases: Array<[string, object]> = [
    ['posted', { filters: { sort: 'posted' } }],
    ['posted, country US', { filters: { sort: 'posted', country: 'US' } }],
    ['posted, text "engineer"', { query: 'engineer', filters: { sort: 'posted' } }],
    ['postedAfter 30 days, newest', { filters: { postedAfter: month } }],
    ['postedAfter 30 days, text "nurse"', { query: 'nurse', filters: { postedAfter: month } }],
  ];
  const lines = [
    `${jobs.toLocaleString('en')} jobs, ${groups.toLocaleString('en')} fold groups`,
    `refoldAll: ${refold.toFixed(2)} s (${((refold * 1e6) / jobs).toFixed(0)} µs a posting)`,
    `FoldWriter.place, 2,000 postings: p50 ${pct(place, 50).toFixed(0)} µs, p99 ${pct(place, 99).toFixed(0)} µs`,
  ];
  cases.push(['newest', {}], ['relevance, text "engineer"', { query: 'engineer' }]);
  // Each case as the spec's list and folded (query.fold: one result per role).
  for (const [name, req] of cases) {
    const figures = [false, true].map((fold) => {
      const ms: number[] = [];
      for (let i = 0; i < 200; i++) {
        t = performance.now();
        search.list(normalizeJobQuery({ ...req, limit: 25, ...(fold ? { fold } : {}) }));
        ms.push(performance.now() - t);
      }
      return `p50 ${pct(ms, 50).toFixed(2)} ms, p99 ${pct(ms, 99).toFixed(2)} ms`;
    });
    lines.push(`List ${name}, 25 a page: ${figures[0]}; folded ${figures[1]}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
