import { existsSync } from 'node:fs';
import { createClient, type Client } from '@connectrpc/connect';
import { CompaniesService } from '../../shared/gen/svc/companies/v1/companies_pb.js';
import { JobsService } from '../../shared/gen/svc/jobs/v1/jobs_pb.js';
import { MetaService } from '../../shared/gen/svc/meta/v1/meta_pb.js';
import { openIndex } from '../index-db/open-index.js';
import { bundledIndexPath } from '../paths.js';
import { createInMemoryTransport } from '../rpc/in-memory-transport.js';
import { createHandlers } from '../rpc/router.js';
import { createIndexContext } from '../services/index-context.js';
import { indexRoutes } from '../services/routes.js';

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
