import { join } from 'node:path';
import { create, insertMultiple, search } from '@orama/orama';
import type { CorpusDoc } from './corpus.js';
import { ridSearcher, type PeerEngine, type Searcher } from './engine.js';
import { PAGE, type PeerRequest } from './requests.js';
import { readSnapshotParts, writeSnapshot } from './snapshot-file.js';

const SCHEMA = {
  title: 'string',
  company: 'string',
  description: 'string',
  countries: 'enum[]',
  remote: 'boolean',
  salaryMin: 'number',
  salaryMax: 'number',
} as const;
const BATCH = 1000;

const newDb = () => create({ schema: SCHEMA });
type OramaDb = ReturnType<typeof newDb>;

/**
 * Orama's save(db), part by part (the same keys and values, in the same order): save() builds its
 * copy of every part (radix trees turned into plain objects) before anything is written, on top
 * of a live index of over 10 GiB at 1M jobs; here each part is built when the writer reaches it,
 * then dropped.
 */
function* savedParts(db: OramaDb): Generator<[string, unknown]> {
  yield ['internalDocumentIDStore', db.internalDocumentIDStore.save(db.internalDocumentIDStore)];
  yield ['index', db.index.save(db.data.index)];
  yield ['docs', db.documentsStore.save(db.data.docs)];
  yield ['sorting', db.sorter.save(db.data.sorting)];
  yield ['pinning', db.pinning.save(db.data.pinning)];
  yield ['language', db.tokenizer.language];
}

/** Orama's load(db, raw) for one part, so each raw part can be dropped once it is loaded. */
function loadPart(db: OramaDb, key: string, raw: unknown): void {
  const ids = db.internalDocumentIDStore;
  switch (key) {
    case 'internalDocumentIDStore':
      return ids.load(db, raw as never);
    case 'index':
      db.data.index = db.index.load(ids, raw as never);
      return;
    case 'docs':
      db.data.docs = db.documentsStore.load(ids, raw as never);
      return;
    case 'sorting':
      db.data.sorting = db.sorter.load(ids, raw as never);
      return;
    case 'pinning':
      db.data.pinning = db.pinning.load(ids, raw as never);
      return;
    case 'language':
      db.tokenizer.language = raw as string;
      return;
    default:
      throw new Error(`orama snapshot: unknown part "${key}"`);
  }
}

/**
 * Orama: BM25 over the three fields (title ×3, company ×2), prefix matching (its default,
 * `exact: false`), every word required (`threshold: 0`), filters as `where` clauses on its own
 * indexes (enum[] for countries, boolean, number ranges for salary; a job without a salary has no
 * salary value, so it never passes). Saved and loaded as its save()/load() do, one part at a time
 * (`savedParts`, `loadPart`), written as JSON lines.
 */
export class OramaEngine implements PeerEngine {
  readonly limits = 'offset pages only (limit/offset over a scored result set); results are scored over every match';
  private db: OramaDb = newDb();

  async build(docs: AsyncIterable<CorpusDoc>): Promise<void> {
    let batch: object[] = [];
    const flush = async () => {
      await insertMultiple(this.db, batch as never, BATCH);
      batch = [];
    };
    for await (const d of docs) {
      batch.push({
        id: String(d.rid),
        title: d.title,
        company: d.company,
        description: d.description,
        countries: d.countries,
        remote: d.remote,
        ...(d.salaryMin !== null ? { salaryMin: d.salaryMin } : {}),
        ...(d.salaryMax !== null ? { salaryMax: d.salaryMax } : {}),
      });
      if (batch.length === BATCH) await flush();
    }
    await flush();
  }

  async save(dir: string): Promise<void> {
    await writeSnapshot(join(dir, 'orama.jsonl'), savedParts(this.db));
  }

  async load(dir: string): Promise<Searcher> {
    const db = newDb();
    for await (const [key, raw] of readSnapshotParts(join(dir, 'orama.jsonl'))) loadPart(db, key, raw);
    return searcherOver(db);
  }

  searcher(): Searcher {
    return searcherOver(this.db);
  }
}

/** Answers the shared requests from an Orama database (loaded, or just built). */
function searcherOver(db: OramaDb): Searcher {
  return ridSearcher(async (r: PeerRequest): Promise<number[]> => {
    const where = {
      ...(r.country !== undefined ? { countries: { containsAll: [r.country] } } : {}),
      ...(r.remote !== undefined ? { remote: r.remote } : {}),
      ...(r.salaryMin !== undefined ? { salaryMax: { gte: r.salaryMin } } : {}),
      ...(r.salaryMax !== undefined ? { salaryMin: { lte: r.salaryMax } } : {}),
    };
    const res = await search(db, {
      term: r.text,
      properties: ['title', 'company', 'description'],
      boost: { title: 3, company: 2 },
      threshold: 0,
      limit: PAGE,
      ...(Object.keys(where).length ? { where } : {}),
    });
    return res.hits.map((h) => Number(h.id));
  });
}
