const NAMES: Record<string, string> = {
  greenhouse: 'Greenhouse',
  lever: 'Lever',
  ashby: 'Ashby',
  smartrecruiters: 'SmartRecruiters',
  workable: 'Workable',
  recruitee: 'Recruitee',
  workday: 'Workday',
  teamtailor: 'Teamtailor',
};

/** A platform as its makers spell it. */
export function platformName(platform: string, region?: string): string {
  return `${NAMES[platform] ?? platform}${region === 'eu' ? ' (EU)' : ''}`;
}

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
