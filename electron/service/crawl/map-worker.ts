// A Piscina task (map-pool.ts): postings → crawled jobs, off the thread that reads boards and
// writes the index. Mapping (decoding, sanitizing, parsing) is most of a crawl's CPU besides SQLite.
import { loadSanitizer } from '../sanitize/lazy-sanitizer.js';
import type { BoardRef } from '#shared/rules/board-ref';
import type { RawPosting } from './platforms/platform.js';
import { toCrawledJob, type Mapped } from './to-job.js';
import { descriptionChars } from './write-slices.js';
import { heapRelief } from '../net/heap-relief.js';

export interface MapTask {
  board: BoardRef;
  postings: RawPosting[];
  companyName: string;
}

export default async function mapPostings(task: MapTask): Promise<Mapped[]> {
  const sanitize = await loadSanitizer();
  const mapped = task.postings.map((p) => toCrawledJob(task.board, p, task.companyName, sanitize));
  // The task's postings and the parsing behind each job are this thread's garbage once returned.
  heapRelief.letGo(2 * descriptionChars(task.postings));
  return mapped;
}
