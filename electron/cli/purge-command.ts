import { Command } from 'commander';
import { openIndex } from '#service/index-db/open-index';
import { purgeExpired } from '#service/index-db/write/purge';

export const purgeCommand = new Command('purge')
  .description('delete jobs expired more than 30 days ago from an index file')
  .requiredOption('--db <file>', 'index file')
  .action((o: { db: string }) => {
    const db = openIndex(o.db, { create: false });
    try {
      const n = purgeExpired(db);
      process.stdout.write(`Purged ${n.toLocaleString('en')} jobs expired more than 30 days ago.\n`);
    } finally {
      db.close();
    }
  });
