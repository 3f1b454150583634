import type { MessageInitShape } from '@bufbuild/protobuf';
import type { JobCard } from '../gen/svc/jobs/v1/job_pb.js';
import type {
  GetExportFieldsRequestSchema,
  GetExportFieldsResponse,
  JobExportFields,
  ListRequestSchema,
  ListResponse,
} from '../gen/svc/jobs/v1/jobs_pb.js';

type ListInit = MessageInitShape<typeof ListRequestSchema>;
/** A search's text and filters (limit and cursor are the walk's own). */
export type SearchToExport = Omit<
  NonNullable<Exclude<ListInit, { $typeName: string }>['query']>,
  'limit' | 'cursor' | '$typeName'
>;

/** A row of a search export: the card, with every location and the apply URL beside it. */
export interface ExportedJob {
  card: JobCard;
  /** Absent only if the job left the index between the two reads: its fields stay unknown. */
  fields: JobExportFields | undefined;
}

/** Any JobsService client's `list` and `getExportFields` (in-memory, IPC or HTTP). */
export interface SearchReader {
  list(req: ListInit): Promise<ListResponse>;
  getExportFields(req: MessageInitShape<typeof GetExportFieldsRequestSchema>): Promise<GetExportFieldsResponse>;
}

/** One page of cards with their export fields, read in one call. */
export async function withExportFields(
  jobs: Pick<SearchReader, 'getExportFields'>,
  cards: JobCard[],
): Promise<ExportedJob[]> {
  if (cards.length === 0) return [];
  const { data } = await jobs.getExportFields({ ids: cards.map((c) => c.id) });
  const byId = new Map(data.map((f) => [f.id, f]));
  return cards.map((card) => ({ card, fields: byId.get(card.id) }));
}

/** Largest page the service allows: fewest round trips. */
const PAGE = 100;

/**
 * Every job of a search, page after page through `nextCursor`, each page's locations and apply
 * URLs read in one more call: one page in memory at a time. `onPage` reports progress (rows so
 * far, whether more follow).
 */
export async function* allExportedJobs(
  jobs: SearchReader,
  query: SearchToExport,
  onPage?: (rowsSoFar: number, hasMore: boolean) => void,
): AsyncGenerator<ExportedJob> {
  let cursor: string | undefined;
  let n = 0;
  for (;;) {
    const res = await jobs.list({ query: { ...query, limit: PAGE, ...(cursor ? { cursor } : {}) } });
    yield* await withExportFields(jobs, res.data);
    n += res.data.length;
    const next = res.pagination?.nextCursor;
    const more = res.pagination?.hasMore === true && next !== undefined;
    onPage?.(n, more);
    if (!more) return;
    cursor = next;
  }
}
