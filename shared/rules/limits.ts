// The spec's numeric limits, one place each (job-index-service.md § Limits).

/** Page size of every list: 1 to 100, default 25. */
export const PAGE_LIMIT = { min: 1, max: 100, default: 25 } as const;

/** Free-text `query` of CompaniesService.List and JobsService.List. */
export const QUERY_MAX_CHARS = 200;
/** How many characters (code points, as the spec counts them) `text` has over the limit; ≤ 0 fits. */
export const queryCharsOver = (text: string): number => [...text].length - QUERY_MAX_CHARS;

/** Request bodies larger than this are answered 413 `payload_too_large`. */
export const BODY_MAX_BYTES = 64 * 1024;

/** Expired jobs stay readable by detail for this long after expiry, then are purged. */
export const EXPIRED_RETENTION_DAYS = 30;
export const EXPIRED_RETENTION_MS = EXPIRED_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** GetSimilar (our design): 1 to 50, default 10. */
export const SIMILAR_LIMIT = { min: 1, max: 50, default: 10 } as const;

/** MetaService.ListFacets values per facet (our design). */
export const FACET_LIMIT = { min: 1, max: 1000, default: 100 } as const;
