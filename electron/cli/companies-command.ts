import { Command } from 'commander';
import { ListResponseSchema } from '#shared/gen/svc/companies/v1/companies_pb';
import { openIndexClients } from './index-client.js';
import { integer } from './parse.js';
import { printJson, printTable } from './output.js';

export const companiesCommand = new Command('companies')
  .description('list companies by name (CompaniesService.List)')
  .argument('[name...]', 'words the company name starts with')
  .option('--db <file>', 'index file (default: the bundled index)')
  .option('--limit <n>', 'page size, 1 to 100', integer)
  .option('--cursor <cursor>', 'cursor from a previous page')
  .option('--json', 'print the response as the service JSON')
  .action(async (name: string[], o) => {
    const clients = openIndexClients(o.db);
    try {
      const res = await clients.companies.list({
        ...(name.length ? { query: name.join(' ') } : {}),
        limit: o.limit,
        cursor: o.cursor,
      });
      if (o.json) return printJson(ListResponseSchema, res);
      await printTable(
        ['Company', 'Industry', 'Size', 'Open jobs', 'Website'],
        res.data.map((c) => [c.name, c.industry, c.employeeCountRange, String(c.activeJobCount), c.website]),
      );
      if (res.pagination?.nextCursor) process.stdout.write(`More: --cursor ${res.pagination.nextCursor}\n`);
    } finally {
      clients.close();
    }
  });
