import { Command } from 'commander';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { GetResponseSchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { formatSalary } from '#shared/format/salary';
import { relativeTime } from '#shared/format/relative-time';
import { htmlToText } from '#service/index-db/write/html-text';
import { openIndexClients } from './index-client.js';
import { printJson } from './output.js';

export const getCommand = new Command('get')
  .description('show one job in full (JobsService.Get)')
  .argument('<id>', 'job id (uuid)')
  .option('--db <file>', 'index file (default: the bundled index)')
  .option('--json', 'print the response as the service JSON')
  .action(async (id: string, o) => {
    const clients = openIndexClients(o.db);
    try {
      const j = await clients.jobs.get({ id });
      if (o.json) return printJson(GetResponseSchema, j);
      const when = (t: typeof j.discoveredAt) => (t ? relativeTime(timestampMs(t)) : '');
      const lines = [
        `${j.title}${j.status === 'expired' ? '  [EXPIRED]' : ''}`,
        `${j.company?.name ?? ''}${j.company?.domain ? ` (${j.company.domain})` : ''}`,
        j.locations.map((l) => l.text ?? [l.city, l.region, l.country].filter(Boolean).join(', ')).join(' · '),
        [j.workMode, j.employmentType?.replace('_', ' '), j.seniority, j.occupation].filter(Boolean).join(' · '),
        formatSalary(j.salary),
        `Found ${when(j.discoveredAt)} · verified ${when(j.lastVerifiedAt)} · via ${j.source?.platform ?? ''}`,
        j.applyUrl ? `Apply: ${j.applyUrl}` : '',
        '',
        htmlToText(j.description),
      ];
      process.stdout.write(`${lines.filter((l, i) => l !== '' || i === 7).join('\n')}\n`);
    } finally {
      clients.close();
    }
  });
