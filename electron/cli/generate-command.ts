import { Command } from 'commander';
import { buildIndex } from '#tools/generate/build-index';
import { integer } from './parse.js';
import { parseDateFilter } from '#shared/rules/dates';

export const generateCommand = new Command('generate')
  .description('write a realistic generated index (deterministic for a seed and --now)')
  .requiredOption('--jobs <n>', 'number of jobs', integer)
  .option('--seed <n>', 'random seed', integer, 1)
  .option('--now <date>', 'the moment the data describes (RFC 3339 or YYYY-MM-DD; default: now)')
  .requiredOption('--out <file>', 'index file to write (replaced)')
  .action((o: { jobs: number; seed: number; now?: string; out: string }) => {
    if (o.jobs < 1) throw new Error('--jobs must be at least 1');
    const now = o.now ? parseDateFilter(o.now, '--now') : Date.now();
    const started = performance.now();
    let shown = 0;
    const r = buildIndex(o.out, { jobs: o.jobs, seed: o.seed, now }, (p) => {
      if (process.stderr.isTTY && p.done - shown >= 20_000) {
        shown = p.done;
        process.stderr.write(`\r${p.done.toLocaleString('en')} / ${p.total.toLocaleString('en')} jobs`);
      }
    });
    if (process.stderr.isTTY) process.stderr.write('\r');
    const s = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Wrote ${r.jobs.toLocaleString('en')} jobs of ${r.companies.toLocaleString('en')} companies to ${o.out} in ${s} s\n`,
    );
  });
