import type { ServiceImpl } from '@connectrpc/connect';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import type { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { normalizeJobQuery, normalizeLimit } from '#shared/rules/job-query';
import { EXPIRED_RETENTION_MS, FACET_LIMIT } from '#shared/rules/limits';
import { readExchangeRates } from '../index-db/read/exchange-rates.js';
import type { IndexContext } from './index-context.js';

export function metaService(ctx: IndexContext): ServiceImpl<typeof MetaService> {
  return {
    getInfo() {
      const i = ctx.meta.info(ctx.now() - EXPIRED_RETENTION_MS);
      return {
        jobCount: i.jobCount,
        expiredJobCount: i.expiredJobCount,
        companyCount: i.companyCount,
        schemaVersion: i.schemaVersion,
        indexVersion: i.indexVersion,
        sampleData: i.sampleData,
        ...(i.builtAt !== undefined ? { builtAt: timestampFromMs(i.builtAt) } : {}),
        ...(i.lastSyncAt !== undefined ? { lastSyncAt: timestampFromMs(i.lastSyncAt) } : {}),
        ...(i.upstream !== undefined ? { upstream: i.upstream } : {}),
      };
    },
    listFacets(req) {
      const limit = normalizeLimit(req.limit, 'limit', FACET_LIMIT);
      if (!req.query) return { facets: ctx.meta.facets(limit) };
      // The search's own rules and error names (`query.filters.country`, …); its page size is not used.
      const { limit: _page, cursor: _cursor, ...query } = req.query;
      const r = ctx.facets.forQuery(normalizeJobQuery(query), limit);
      return { facets: r.facets, matchCount: r.matchCount, matchCountExact: r.matchCountExact };
    },
    getExchangeRates() {
      return readExchangeRates(ctx.db);
    },
  };
}
