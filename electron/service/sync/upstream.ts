import type { GenService } from '@bufbuild/protobuf/codegenv2';
import { createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { CompaniesService } from '#shared/gen/svc/companies/v1/companies_pb';
import { JobsService, type ListRequestSchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { CardPageSchema } from '#shared/gen/svc/sync/v1/card_page_pb';
import { keepAliveFetch } from '../net/keep-alive-fetch.js';
import { retryingFetch, type RetryInfo, type RetryPolicy } from '../net/retrying-fetch.js';
import { retryUndecodable } from './undecodable-retry.js';

type CardPages = GenService<{
  list: { methodKind: 'unary'; input: typeof ListRequestSchema; output: typeof CardPageSchema };
}>;

/**
 * JobsService.List with its answer read as a CardPage: the same request and bytes, the cards
 * left encoded for `readJobCard` (the Connect client decodes everything else as usual).
 */
const listAsCardPages = { ...JobsService.method.list, output: CardPageSchema };
const CardPagesService = {
  ...JobsService,
  methods: [listAsCardPages],
  method: { list: listAsCardPages },
} as unknown as CardPages;

/** The upstream's public RPCs, as the spec names them, and one extension of ours (exchange rates). */
export interface Upstream {
  url: string;
  jobs: Client<typeof JobsService>;
  /** JobsService.List, cards left encoded (for the bulk pulls). */
  cardPages: Client<CardPages>;
  companies: Client<typeof CompaniesService>;
  /** GetInfo's counts (walk-guard.ts) and GetExchangeRates (our extension); a spec upstream may answer neither. */
  meta: Client<typeof MetaService>;
}

/** `http(s)://host[:port][/base]`, without a trailing slash; anything else names the option. */
export function normalizeUpstreamUrl(value: string, field = 'upstream'): string {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new Error(`${field}: must be an http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new Error(`${field}: must be an http(s) URL, got ${JSON.stringify(value)}`);
  return u.toString().replace(/\/+$/, '');
}

export function connectUpstream(
  url: string,
  policy: RetryPolicy,
  opts: { signal?: AbortSignal; onRetry?: (info: RetryInfo) => void } = {},
): Upstream {
  // Binary protobuf: about half the bytes and parse time of JSON for bulk pulls.
  const transport = createConnectTransport({
    baseUrl: url,
    useBinaryFormat: true,
    fetch: retryingFetch(policy, { ...opts, fetch: keepAliveFetch(16, policy.maxBodyBytes) }),
    interceptors: [retryUndecodable(policy, opts)],
  });
  return {
    url,
    jobs: createClient(JobsService, transport),
    cardPages: createClient(CardPagesService, transport),
    companies: createClient(CompaniesService, transport),
    meta: createClient(MetaService, transport),
  };
}
