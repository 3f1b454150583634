import { Command } from 'commander';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { openIndexClients } from './index-client.js';

export const infoCommand = new Command('info')
  .description('what the index holds (MetaService.GetInfo)')
  .option('--db <file>', 'index file (default: the bundled index)')
  .action(async (o) => {
    const clients = openIndexClients(o.db);
    try {
      const i = await clients.meta.getInfo({});
      const at = (t: typeof i.builtAt) => (t ? new Date(timestampMs(t)).toISOString() : 'never');
      process.stdout.write(
        [
          ...(i.sampleData
            ? ['Sample data:   yes: generated jobs, not real postings (follow a real board to replace them)']
            : []),
          `Active jobs:   ${i.jobCount.toLocaleString('en')}`,
          `Expired jobs:  ${i.expiredJobCount.toLocaleString('en')} (details readable for 30 days)`,
          `Companies:     ${i.companyCount.toLocaleString('en')}`,
          `Built:         ${at(i.builtAt)}`,
          `Last sync:     ${at(i.lastSyncAt)}${i.upstream ? ` from ${i.upstream}` : ''}`,
          `Index version: ${i.indexVersion} (schema ${i.schemaVersion})`,
        ].join('\n') + '\n',
      );
    } finally {
      clients.close();
    }
  });
