import { existsSync } from 'node:fs';
import { Command } from 'commander';
import { bundledIndexPath } from '#service/paths';
import { writeSnapshot } from '#service/snapshot/write-snapshot';

export const snapshotCommand = new Command('snapshot')
  .description(
    'write a compressed snapshot of an index and its manifest to a folder, for clients to bootstrap their sync from (serve it with `serve --snapshots DIR` or any static host)',
  )
  .option('--db <file>', 'index file (default: the bundled index)')
  .requiredOption('--out <dir>', 'folder to write into (created if missing); keeps the newest two snapshots')
  .option('--json', 'print the manifest as JSON')
  .action(async (o: { db?: string; out: string; json?: boolean }) => {
    const file = o.db ?? bundledIndexPath;
    if (!existsSync(file)) throw new Error(`--db: no index at ${file}`);
    const started = performance.now();
    const m = await writeSnapshot(file, o.out);
    if (o.json) return void process.stdout.write(`${JSON.stringify(m, null, 2)}\n`);
    const mb = (n: number) => (n / 1e6).toFixed(1);
    process.stdout.write(
      `Wrote ${o.out}/${m.file} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${m.counts.jobs.toLocaleString('en')} jobs ` +
        `(${m.counts.activeJobs.toLocaleString('en')} active), ${m.counts.companies.toLocaleString('en')} companies; ${mb(m.dbBytes)} MB → ${mb(m.bytes)} MB zstd\n` +
        `  sha256 ${m.sha256}\n`,
    );
  });
