export { platformName } from '#shared/format/source-words';

/** "1 posting", "2,000 postings". */
export function postingsText(n: number): string {
  return `${n.toLocaleString('en')} posting${n === 1 ? '' : 's'}`;
}

/** A board's state in words. */
export const STATE_WORDS: Record<string, string> = {
  waiting: 'Waiting for first crawl',
  crawling: 'Crawling…',
  ok: 'Up to date',
  anomaly: 'Needs a look',
  error: 'Could not read',
};
