import { Command, Option } from 'commander';
import { ListResponseSchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { formatSalary } from '#shared/format/salary';
import { relativeTime } from '#shared/format/relative-time';
import { SORTS, EMPLOYMENT_TYPES, SENIORITIES, WORK_MODES } from '#shared/rules/vocabulary';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { EXPORT_FORMATS } from '#shared/export/export-format';
import { openIndexClients } from './index-client.js';
import { integer } from './parse.js';
import { printJson, printTable } from './output.js';

export const searchCommand = new Command('search')
  .description('search active jobs (JobsService.List)')
  .argument('[text...]', 'free text; every word must match the start of a word')
  .option('--db <file>', 'index file (default: the bundled index)')
  .option('--country <code>', 'ISO 3166-1 alpha-2 country code')
  .option('--city <name>', 'city name')
  .option('--remote', 'remote jobs only')
  .option('--no-remote', 'non-remote jobs only')
  .addOption(new Option('--work-mode <mode>').choices(WORK_MODES))
  .addOption(new Option('--employment-type <type>').choices(EMPLOYMENT_TYPES))
  .option('--company <name>', 'company name')
  .option('--company-id <slug>', 'canonical company slug')
  .addOption(new Option('--seniority <level>').choices(SENIORITIES))
  .option('--salary-min <n>', 'jobs whose salary max is at least n', integer)
  .option('--salary-max <n>', 'jobs whose salary min is at most n', integer)
  .option('--discovered-after <date>', 'RFC 3339 or YYYY-MM-DD')
  .option('--verified-after <date>', 'RFC 3339 or YYYY-MM-DD')
  .option(
    '--posted-after <date>',
    "the posting's own age: published (by the board's date, else first seen) at or after; RFC 3339 or YYYY-MM-DD",
  )
  .addOption(new Option('--sort <sort>').choices(SORTS))
  .option('--limit <n>', 'page size, 1 to 100', integer)
  .option('--cursor <cursor>', 'cursor from a previous page')
  .option('--fold', 'one result per role: the same role in several places, or reposted, is one row with its count')
  .option('--json', 'print the response as the service JSON')
  .addOption(
    new Option('--format <format>', 'write the results as csv (UTF-8 with BOM), json or ndjson').choices(
      EXPORT_FORMATS,
    ),
  )
  .option('--all', 'with --format: every page of results, streamed')
  .option('--out <file>', 'with --format: write to this file instead of standard output')
  .action(async (text: string[], o) => {
    if ((o.all || o.out) && !o.format) throw new Error('--all and --out need --format csv|json|ndjson');
    const clients = openIndexClients(o.db);
    try {
      const query = {
        ...(text.length ? { query: text.join(' ') } : {}),
        filters: {
          country: o.country,
          city: o.city,
          remote: o.remote,
          workMode: o.workMode,
          employmentType: o.employmentType,
          company: o.company,
          companyId: o.companyId,
          seniority: o.seniority,
          salaryMin: o.salaryMin,
          salaryMax: o.salaryMax,
          discoveredAfter: o.discoveredAfter,
          verifiedAfter: o.verifiedAfter,
          postedAfter: o.postedAfter,
          sort: o.sort,
        },
        limit: o.limit,
        cursor: o.cursor,
        ...(o.fold ? { fold: true } : {}),
      };
      // Loaded only to export: a plain search does not pay for the export and user-file code.
      if (o.format) return await (await import('./export-command.js')).exportSearch(clients.jobs, query, o);
      const res = await clients.jobs.list({ query });
      if (o.json) return printJson(ListResponseSchema, res);
      if (res.data.length === 0) {
        process.stdout.write('No active jobs match.\n');
        return;
      }
      const roles = res.folded?.roles;
      await printTable(
        ['Title', 'Company', 'Location', ...(roles ? ['Places'] : []), 'Salary', 'Posted', 'Found', 'Id'],
        res.data.map((j, i) => [
          j.title,
          j.companyName,
          j.locationText,
          ...(roles ? [String(roles[i]?.postings ?? 1)] : []),
          formatSalary(j.salary),
          j.postedAt ? relativeTime(timestampMs(j.postedAt)) : '',
          j.discoveredAt ? relativeTime(timestampMs(j.discoveredAt)) : '',
          j.id,
        ]),
      );
      if (res.pagination?.nextCursor) process.stdout.write(`More: --cursor ${res.pagination.nextCursor}\n`);
    } finally {
      clients.close();
    }
  });

// commander sets `remote` to true for --remote, false for --no-remote, and (because a --no-
// option exists) true by default; only an explicit flag may filter.
searchCommand.hook('preAction', (cmd) => {
  const src = cmd.getOptionValueSource('remote');
  if (src === 'default') cmd.setOptionValue('remote', undefined);
});
