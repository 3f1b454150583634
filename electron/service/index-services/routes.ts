import { CompaniesService } from '#shared/gen/svc/companies/v1/companies_pb';
import { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { SpellingService } from '#shared/gen/svc/spelling/v1/spelling_pb';
import type { Routes } from '../rpc/router.js';
import { companiesService } from './companies-service.js';
import type { IndexContext } from './index-context.js';
import { jobsService } from './jobs-service.js';
import { metaService } from './meta-service.js';
import { spellingService } from './spelling-service.js';

const INDEX_SERVICES = [JobsService, CompaniesService, MetaService, SpellingService];

/** Whether a request path is one of the index's read methods (answers depend on the index alone). */
export function isIndexPath(path: string): boolean {
  return INDEX_SERVICES.some((s) => path.startsWith(`/${s.typeName}/`));
}

/** The read services of the spec, over one index. */
export function indexRoutes(ctx: IndexContext): Routes {
  return (router) =>
    router
      .service(JobsService, jobsService(ctx))
      .service(CompaniesService, companiesService(ctx))
      .service(MetaService, metaService(ctx))
      .service(SpellingService, spellingService(ctx));
}
