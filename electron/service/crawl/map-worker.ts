// A Piscina task (map-pool.ts): postings → crawled jobs, off the thread that reads boards and
// writes the index. Mapping (decoding, sanitizing, parsing) is most of a crawl's CPU besides SQLite.
import { loadSanitizer } from '../sanitize/lazy-sanitizer.js';
import type { BoardRef } from '#shared/rules/board-ref';
import type { RawPosting } from './platforms/platform.js';
import { toCrawledJob, type Mapped } from './to-job.js';

export interface MapTask {
  board: BoardRef;
  postings: RawPosting[];
  companyName: string;
}

export default async function mapPostings(task: MapTask): Promise<Mapped[]> {
  const sanitize = await loadSanitizer();
  return task.postings.map((p) => toCrawledJob(task.board, p, task.companyName, sanitize));
}
