import { create } from 'zustand';
import type { FacetValue, GetInfoResponse } from '#shared/gen/svc/meta/v1/meta_pb';
import { metaClient } from '../api/clients.js';
import { describeError, type UiError } from '../api/ui-error.js';

/** Values per filter in the panel: every country and the common cities and companies. */
const FACET_VALUES = 300;

interface MetaStore {
  info: GetInfoResponse | undefined;
  /** Filter choices with counts, by the filter's JSON name (`country`, `employmentType`, …). */
  facets: Record<string, FacetValue[]>;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: UiError | undefined;
  load(): Promise<void>;
}

export const useMeta = create<MetaStore>((set, get) => ({
  info: undefined,
  facets: {},
  status: 'idle',
  error: undefined,
  async load() {
    if (get().status === 'loading') return;
    set({ status: 'loading', error: undefined });
    try {
      const [info, facets] = await Promise.all([
        metaClient.getInfo({}),
        metaClient.listFacets({ limit: FACET_VALUES }),
      ]);
      set({ info, facets: Object.fromEntries(facets.facets.map((f) => [f.field, f.values])), status: 'ready' });
    } catch (e) {
      set({ status: 'error', error: describeError(e) });
    }
  },
}));
