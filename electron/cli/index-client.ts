import { existsSync } from 'node:fs';
import { createClient, type Client } from '@connectrpc/connect';
import { CompaniesService } from '#shared/gen/svc/companies/v1/companies_pb';
import { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { openIndex } from '#service/index-db/open-index';
import { bundledIndexPath } from '#service/paths';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { createHandlers } from '#service/rpc/router';
import { createIndexContext } from '#service/index-services/index-context';
import { indexRoutes } from '#service/index-services/routes';

export interface IndexClients {
  jobs: Client<typeof JobsService>;
  companies: Client<typeof CompaniesService>;
  meta: Client<typeof MetaService>;
  close(): void;
}

/** Opens an index read-only and talks to it through the same router as every other transport. */
export function openIndexClients(file: string | undefined): IndexClients {
  const path = file ?? bundledIndexPath;
  if (!existsSync(path)) {
    throw new Error(
      file ? `no index at ${path}` : `the bundled index is missing (${path}); run \`npm run build:index\``,
    );
  }
  const db = openIndex(path, { readonly: true });
  const transport = createInMemoryTransport(createHandlers(indexRoutes(createIndexContext(db))));
  return {
    jobs: createClient(JobsService, transport),
    companies: createClient(CompaniesService, transport),
    meta: createClient(MetaService, transport),
    close: () => db.close(),
  };
}
