import { join } from 'node:path';
import MiniSearch, { type Options } from 'minisearch';
import type { CorpusDoc } from './corpus.js';
import { ridSearcher, type PeerEngine, type Searcher } from './engine.js';
import { PAGE, passesFilters, type PeerRequest } from './requests.js';
import { readSnapshot, writeSnapshot } from './snapshot-file.js';

type Stored = Pick<CorpusDoc, 'countries' | 'remote' | 'salaryMin' | 'salaryMax'>;

const OPTIONS: Options<CorpusDoc> = {
  idField: 'rid',
  fields: ['title', 'company', 'description'],
  // Only what the filter callback reads is kept with each document.
  storeFields: ['countries', 'remote', 'salaryMin', 'salaryMax'],
};

/**
 * MiniSearch: BM25+ over the three fields (title ×3, company ×2, like our tiers' order), every word
 * required (AND) and matched as a prefix, filters as the `filter` callback on stored fields. The
 * callback runs on every text match after scoring, and results come back as one sorted array of
 * all matches; a page is its first 25.
 */
export class MiniSearchEngine implements PeerEngine {
  readonly limits = 'no pages: every search scores and sorts all matches; filters run after scoring; no numeric index';
  private index = new MiniSearch<CorpusDoc>(OPTIONS);

  async build(docs: AsyncIterable<CorpusDoc>): Promise<void> {
    for await (const d of docs) this.index.add(d);
  }

  async save(dir: string): Promise<void> {
    await writeSnapshot(join(dir, 'minisearch.jsonl'), Object.entries(this.index.toJSON()));
  }

  async load(dir: string): Promise<Searcher> {
    return searcherOver(MiniSearch.loadJS<CorpusDoc>(await readSnapshot(join(dir, 'minisearch.jsonl')), OPTIONS));
  }

  searcher(): Searcher {
    return searcherOver(this.index);
  }
}

/** Answers the shared requests from a MiniSearch index (loaded, or just built). */
function searcherOver(index: MiniSearch<CorpusDoc>): Searcher {
  return ridSearcher(async (r: PeerRequest): Promise<number[]> => {
    const filtered =
      r.country !== undefined || r.remote !== undefined || r.salaryMin !== undefined || r.salaryMax !== undefined;
    const hits = index.search(r.text, {
      combineWith: 'AND',
      prefix: true,
      boost: { title: 3, company: 2 },
      ...(filtered ? { filter: (h) => passesFilters(r, h as unknown as Stored) } : {}),
    });
    return hits.slice(0, PAGE).map((h) => h.id as number);
  });
}
