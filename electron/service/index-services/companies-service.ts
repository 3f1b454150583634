import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { ListJobsResponseSchema, type CompaniesService } from '#shared/gen/svc/companies/v1/companies_pb';
import { FieldError } from '#shared/rules/field-error';
import { effectiveSort, normalizeFilters, normalizeLimit, normalizeText } from '#shared/rules/job-query';
import type { CompanyRow } from '../index-db/read/companies.js';
import type { IndexContext } from './index-context.js';
import { cardPage } from './card-page.js';
import { company, companyDetail, pagination } from '../index-db/wire.js';

function findCompany(ctx: IndexContext, id: string): CompanyRow {
  const key = id.trim();
  if (key === '') throw new FieldError('id', 'must be a company id or slug');
  const row = ctx.companies.get(key);
  if (!row) throw new ConnectError(`company ${id} not found`, Code.NotFound);
  return row;
}

export function companiesService(ctx: IndexContext): ServiceImpl<typeof CompaniesService> {
  return {
    list(req) {
      const page = ctx.companies.list(
        normalizeText(req.query, 'query'),
        normalizeLimit(req.limit, 'limit'),
        req.cursor || undefined,
        'cursor',
      );
      return { data: page.rows.map(company), pagination: pagination(page) };
    },
    get(req) {
      return companyDetail(findCompany(ctx, req.id));
    },
    listJobs(req, call) {
      const c = findCompany(ctx, req.id);
      // The spec's accepted subset; workMode, seniority, salary*, verifiedAfter, sort, company and
      // companyId arrive as loosely typed values and are dropped here, without error or effect.
      const filters = normalizeFilters(
        {
          country: req.country,
          city: req.city,
          employmentType: req.employmentType,
          remote: req.remote,
          discoveredAfter: req.discoveredAfter,
        },
        '',
      );
      const text = normalizeText(req.query, 'query');
      const page = ctx.search.list(
        {
          ...(text !== undefined ? { text } : {}),
          filters: { ...filters, companyId: c.slug },
          sort: effectiveSort(undefined, text, 'sort'),
          limit: normalizeLimit(req.limit, 'limit'),
          ...(req.cursor ? { cursor: req.cursor } : {}),
        },
        'cursor',
        'companies.listJobs',
      );
      return cardPage(ListJobsResponseSchema, call, page.rows, pagination(page));
    },
  };
}
