import { openIndex } from '#service/index-db/open-index';
import { benchIndex } from '../bench-index.js';

/**
 * The generated bench index, brought up to the tree's schema first: readers open it read-only,
 * which refuses a file whose migrations are behind (a migration added after it was generated).
 */
export function currentBenchIndex(jobs: number): string {
  const file = benchIndex(jobs);
  openIndex(file).close();
  return file;
}
