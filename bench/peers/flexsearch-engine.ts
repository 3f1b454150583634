import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Document, type DocumentOptions } from 'flexsearch';
import type { CorpusDoc } from './corpus.js';
import { ridSearcher, type PeerEngine, type Searcher } from './engine.js';
import { PAGE, inSalaryRange, type PeerRequest } from './requests.js';

type FlexDoc = Pick<CorpusDoc, 'rid' | 'title' | 'company' | 'description' | 'salaryMin' | 'salaryMax'> & {
  place: string[];
};
const FIELDS = ['title', 'company', 'description'] as const;
/** Results read per call while a salary range is checked against the stored values. */
const BATCH = 500;

const OPTIONS: DocumentOptions<FlexDoc> = {
  tokenize: 'forward', // prefix matching, as our search matches typed words
  document: {
    id: 'rid',
    index: [...FIELDS],
    tag: ['place'],
    store: ['salaryMin', 'salaryMax'],
  },
};

/**
 * Country and remote as one tag per combination ("US", "US:remote", "remote"): in 0.8.212 two
 * tags in one search are united rather than intersected, and a multi-field search with a tag
 * returns nothing as soon as one field has no tagged match. So each field is searched on its own,
 * in weight order (title, company, description), and the pages are joined.
 */
function placeTags(d: CorpusDoc): string[] {
  const mode = d.remote ? 'remote' : 'onsite';
  return [mode, ...d.countries, ...d.countries.map((c) => `${c}:${mode}`)];
}

function placeTag(r: PeerRequest): string | undefined {
  const mode = r.remote === undefined ? undefined : r.remote ? 'remote' : 'onsite';
  if (r.country) return mode ? `${r.country}:${mode}` : r.country;
  return mode;
}

/**
 * FlexSearch Document: forward (prefix) tokenizer per field, every word required within a field,
 * country/remote as tags, salary range checked on stored values (FlexSearch has no numeric
 * index), reading results in batches until a page is full. Export/import writes one file per key.
 */
export class FlexSearchEngine implements PeerEngine {
  readonly limits =
    'all words must match in one field (no title + description combination); no numeric range (salary checked on stored values); offset pages only; 2+ tags are united, so country+remote is a combined tag';
  private index = new Document<FlexDoc>(OPTIONS);

  async build(docs: AsyncIterable<CorpusDoc>): Promise<void> {
    for await (const d of docs) {
      this.index.add({
        rid: d.rid,
        title: d.title,
        company: d.company,
        description: d.description,
        salaryMin: d.salaryMin,
        salaryMax: d.salaryMax,
        place: placeTags(d),
      });
    }
  }

  async save(dir: string): Promise<void> {
    await mkdir(dir, { recursive: true });
    await this.index.export(async (key, data) => {
      if (data !== undefined) await writeFile(join(dir, key), data);
    });
  }

  async load(dir: string): Promise<Searcher> {
    const index = new Document<FlexDoc>(OPTIONS);
    for (const key of await readdir(dir)) index.import(key, await readFile(join(dir, key), 'utf8'));
    return searcherOver(index);
  }

  searcher(): Searcher {
    return searcherOver(this.index);
  }
}

/** Answers the shared requests from a FlexSearch Document (imported, or just built). */
function searcherOver(index: Document<FlexDoc>): Searcher {
  const ranged = (r: PeerRequest) => r.salaryMin !== undefined || r.salaryMax !== undefined;
  const inRange = (r: PeerRequest, id: number) => {
    const d = index.get(id) as { salaryMin: number | null; salaryMax: number | null } | null;
    return d !== null && inSalaryRange(r, d);
  };
  return ridSearcher(async (r: PeerRequest): Promise<number[]> => {
    const tag = placeTag(r);
    const page: number[] = [];
    const seen = new Set<number>();
    for (const field of FIELDS) {
      const limit = ranged(r) ? BATCH : PAGE;
      for (let offset = 0; page.length < PAGE; offset += limit) {
        const res = index.search({
          query: r.text,
          index: field,
          limit,
          offset,
          ...(tag ? { tag: { place: tag } } : {}),
        });
        const ids = (res[0]?.result ?? []) as number[];
        for (const id of ids) {
          if (seen.has(id) || (ranged(r) && !inRange(r, id))) continue;
          seen.add(id);
          page.push(id);
          if (page.length === PAGE) break;
        }
        if (ids.length < limit) break;
      }
      if (page.length === PAGE) break;
    }
    return page;
  });
}
