import { platformName } from '#shared/format/source-words';
import { PLATFORMS } from '#shared/rules/board-ref';

export { platformName };

/** "A, B and C". */
function listed(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What the follow field takes, built from the platforms the crawler reads (a new one shows here). */
export const FOLLOW_HINT = `Careers pages on ${listed(PLATFORMS.map((p) => platformName(p)))}. A company name is tried on each of them but Workday, whose boards need their careers page URL.`;

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
