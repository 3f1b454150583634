import { existsSync } from 'node:fs';
import { createClient, type Client } from '@connectrpc/connect';
import { CompaniesService } from '#shared/gen/svc/companies/v1/companies_pb';
import { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { openIndexService } from '#service/open-index-service';
import { bundledIndexPath } from '#service/paths';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { useInProcessHeaders } from './in-process-headers.js';

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
  // The index alone: a read opens no user file, so it loads none of the user side's code.
  const service = openIndexService({ indexFile: path, readonly: true });
  // The calls stay in this process: Connect's Headers need not load Node's fetch.
  useInProcessHeaders();
  const transport = createInMemoryTransport(service.handlers());
  return {
    jobs: createClient(JobsService, transport),
    companies: createClient(CompaniesService, transport),
    meta: createClient(MetaService, transport),
    close: () => service.close(),
  };
}
