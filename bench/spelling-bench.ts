// npm run bench:spelling — SpellingService's work (Speller.suggest) on the 1M-job bench index:
// the 200 misspellings of the test suite, plus queries whose words all find jobs (the common
// case: one prefix lookup per word), each run many times; p50 / p99 / max, and how often the
// first suggestion is the intended word on this index's vocabulary.
import { openIndex } from '#service/index-db/open-index';
import { Speller } from '../electron/service/index-db/search/spelling.js';
import { MISSPELLINGS } from '../test/service/search/misspellings.js';
import { benchIndex, percentile } from './bench-index.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 1_000_000);
const db = openIndex(benchIndex(JOBS), { readonly: true });
const speller = new Speller(db);
const vocabulary = db.prepare('SELECT count(*) FROM search_terms').pluck().get() as number;

let t = performance.now();
speller.suggest('enginer'); // loads the vocabulary once per index version
const load = performance.now() - t;

const RUNS = 20;
function time(queries: string[]): number[] {
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    for (const q of queries) {
      t = performance.now();
      speller.suggest(q);
      times.push(performance.now() - t);
    }
  }
  return times.sort((a, b) => a - b);
}
const fmt = (xs: number[]) =>
  `${percentile(xs, 50).toFixed(2)} | ${percentile(xs, 99).toFixed(2)} | ${xs.at(-1)!.toFixed(2)}`;
const misspelt = time(MISSPELLINGS.map(([typed]) => `senior ${typed}`));
const fine = time(['software engineer', 'nurse london', 'senior data analyst', 'python', 'kubernetes devops engineer']);
const right = MISSPELLINGS.filter(
  ([typed, meant]) => speller.suggest(typed)[0]?.replacements[0]?.suggestion === meant,
).length;
db.close();

process.stdout.write(
  `Speller.suggest on the ${JOBS.toLocaleString('en')}-job index (${vocabulary.toLocaleString('en')} indexed terms; vocabulary loaded in ${load.toFixed(0)} ms, once per index version)\n\n` +
    `| queries | runs | p50 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|\n` +
    `| "senior <misspelling>", the suite's 200 | ${misspelt.length} | ${fmt(misspelt)} |\n` +
    `| well-spelt queries (no suggestion) | ${fine.length} | ${fmt(fine)} |\n\n` +
    `First suggestion right: ${right}/${MISSPELLINGS.length}\n`,
);
