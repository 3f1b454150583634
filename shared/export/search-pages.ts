import type { MessageInitShape } from '@bufbuild/protobuf';
import type { JobCard } from '../gen/svc/jobs/v1/job_pb.js';
import type { ListRequestSchema, ListResponse } from '../gen/svc/jobs/v1/jobs_pb.js';

type ListInit = MessageInitShape<typeof ListRequestSchema>;
/** A search's text and filters (limit and cursor are the walk's own). */
export type SearchToExport = Omit<NonNullable<Exclude<ListInit, { $typeName: string }>['query']>, 'limit' | 'cursor' | '$typeName'>;

/** Largest page the service allows: fewest round trips. */
const PAGE = 100;

/**
 * Every job card of a search, page after page through `nextCursor`: one page in memory at a
 * time. `list` is any JobsService client's `list` (in-memory, IPC or HTTP); `onPage` reports
 * progress (rows so far, whether more follow).
 */
export async function* allJobCards(
  list: (req: ListInit) => Promise<ListResponse>,
  query: SearchToExport,
  onPage?: (rowsSoFar: number, hasMore: boolean) => void,
): AsyncGenerator<JobCard> {
  let cursor: string | undefined;
  let n = 0;
  for (;;) {
    const res = await list({ query: { ...query, limit: PAGE, ...(cursor ? { cursor } : {}) } });
    for (const card of res.data) yield card;
    n += res.data.length;
    const next = res.pagination?.nextCursor;
    const more = res.pagination?.hasMore === true && next !== undefined;
    onPage?.(n, more);
    if (!more) return;
    cursor = next;
  }
}
