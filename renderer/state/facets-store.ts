import type { MessageInitShape } from '@bufbuild/protobuf';
import { useEffect, useEffectEvent } from 'react';
import { create } from 'zustand';
import type { JobQuerySchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import type { FacetValue } from '#shared/gen/svc/meta/v1/meta_pb';
import { metaClient } from '../api/clients.js';

/**
 * How long typing pauses before the filter counts are asked for. They come in a request of their
 * own, after the results, so keystroke-to-paint never waits for them (facets-follow-query.md).
 */
export const FACETS_DELAY_MS = 250;
const FACET_VALUES = 300;

export interface MatchCount {
  n: number;
  exact: boolean;
}

interface FacetsStore {
  /** The search the counts below are for. */
  key: string | undefined;
  facets: Record<string, FacetValue[]> | undefined;
  count: MatchCount | undefined;
}

export const useFacets = create<FacetsStore>(() => ({ key: undefined, facets: undefined, count: undefined }));

type Query = Omit<MessageInitShape<typeof JobQuerySchema>, '$typeName'>;

/**
 * `key`: the screen, `?`, then its search (`jobs?q=nurse`, `company:acme?country=GB`).
 * Keeps the filter counts and the match count of the search `key` (its JobQuery is `query`) in
 * the store; returns them once they are for this search (the previous ones meanwhile, so the
 * panel does not flash), and `count` only when it is this search's.
 */
export function useSearchFacets(
  key: string,
  query: Query | undefined,
): { facets: Record<string, FacetValue[]> | undefined; count: MatchCount | undefined } {
  // `key` stands for `query`: the request goes out when the key changes, with the query then in force.
  const ask = useEffectEvent((signal: AbortSignal) =>
    metaClient.listFacets({ limit: FACET_VALUES, query }, { signal }),
  );
  const wanted = query !== undefined;
  useEffect(() => {
    if (!wanted) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      ask(abort.signal).then(
        (r) =>
          useFacets.setState({
            key,
            facets: Object.fromEntries(r.facets.map((f) => [f.field, f.values])),
            count: r.matchCount === undefined ? undefined : { n: r.matchCount, exact: r.matchCountExact ?? true },
          }),
        // Counts are a help, not the answer: on failure the panel keeps the ones it has.
        () => {},
      );
    }, FACETS_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [key, wanted]);
  const s = useFacets();
  // Another screen's counts (a company page after a search) are not this one's, even for a moment.
  const screen = (k: string | undefined) => k?.slice(0, k.indexOf('?'));
  return { facets: screen(s.key) === screen(key) ? s.facets : undefined, count: s.key === key ? s.count : undefined };
}

/** "1,234 jobs", "about 21,000 jobs", "1 job". */
export function countText(c: MatchCount): string {
  const n = `${c.exact ? '' : 'about '}${c.n.toLocaleString('en')}`;
  return `${n} ${c.n === 1 && c.exact ? 'job' : 'jobs'}`;
}
