import { Command } from 'commander';
import { parseDateFilter } from '#shared/rules/dates';
import { evolveIndex } from '#tools/generate/evolve';
import { openIndex } from '#service/index-db/open-index';
import { integer } from './parse.js';

export const evolveCommand = new Command('evolve')
  .description(
    'move an index forward in time as an upstream would (add, re-verify, expire, remove jobs); deterministic for a seed and --now',
  )
  .requiredOption('--db <file>', 'index file to change (a running `serve` on it sees the changes)')
  .option('--add <n>', 'new jobs discovered just before --now', integer, 0)
  .option('--reverify <n>', 'active jobs found still live at --now', integer, 0)
  .option('--expire <n>', 'active jobs found closed at --now', integer, 0)
  .option('--remove <n>', 'jobs the upstream forgets (then not_found)', integer, 0)
  .option('--purge-expired', 'delete jobs expired more than 30 days before --now')
  .option('--seed <n>', 'random seed (use a new one for each step)', integer, 1)
  .option('--now <date>', 'the moment of the changes (RFC 3339 or YYYY-MM-DD; default: now)')
  .option('--json', 'print the changed job ids as JSON')
  .action(
    (o: {
      db: string;
      add: number;
      reverify: number;
      expire: number;
      remove: number;
      purgeExpired?: boolean;
      seed: number;
      now?: string;
      json?: boolean;
    }) => {
      for (const k of ['add', 'reverify', 'expire', 'remove'] as const) {
        if (o[k] < 0) throw new Error(`--${k} must be 0 or more, got ${o[k]}`);
      }
      const now = o.now ? parseDateFilter(o.now, '--now') : Date.now();
      const db = openIndex(o.db, { create: false });
      try {
        const r = evolveIndex(db, { ...o, purgeExpired: o.purgeExpired ?? false, now });
        if (o.json) return void process.stdout.write(`${JSON.stringify(r)}\n`);
        process.stdout.write(
          `Added ${r.added.length}, re-verified ${r.reverified.length}, expired ${r.expired.length}, removed ${r.removed.length}, purged ${r.purged} jobs at ${new Date(now).toISOString()}.\n`,
        );
      } finally {
        db.close();
      }
    },
  );
