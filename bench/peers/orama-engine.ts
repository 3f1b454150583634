import { join } from 'node:path';
import { create, insertMultiple, load, save, search, type RawData } from '@orama/orama';
import type { CorpusDoc } from './corpus.js';
import type { PeerEngine, Searcher } from './engine.js';
import { PAGE, type PeerRequest } from './requests.js';
import { readSnapshot, writeSnapshot } from './snapshot-file.js';

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
 * Orama: BM25 over the three fields (title ×3, company ×2), prefix matching (its default,
 * `exact: false`), every word required (`threshold: 0`), filters as `where` clauses on its own
 * indexes (enum[] for countries, boolean, number ranges for salary; a job without a salary has no
 * salary value, so it never passes). save()/load() give the raw data, written as JSON lines.
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
    await writeSnapshot(join(dir, 'orama.jsonl'), save(this.db));
  }

  async load(dir: string): Promise<Searcher> {
    const db = newDb();
    load(db, await readSnapshot<RawData>(join(dir, 'orama.jsonl')));
    const searcher = {
      pageRids: (r: PeerRequest) => searcher.search(r),
      async search(r: PeerRequest): Promise<number[]> {
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
      },
    };
    return searcher;
  }
}
