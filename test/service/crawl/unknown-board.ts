// Test data of our own making for "unknown stays unknown" (crawl and sync tests).

// A Lever board of our own making: one posting that says nothing of how or how long one works,
// and two that say it, so every filter has something it should match.
export const posting = (n: number, text: string, extra: object) => ({
  id: `7c1d2e3f-2222-4a5b-9c8d-00000000000${n}`,
  text,
  createdAt: 1714557600000 + n,
  hostedUrl: `https://jobs.lever.co/plain/${n}`,
  description: `<div>${text}: the work.</div>`,
  descriptionPlain: `${text}: the work.`,
  lists: [],
  additional: '',
  ...extra,
});
export const UNKNOWN_BOARD = [
  posting(1, 'Bookkeeper', { categories: { team: 'Finance', location: 'Head office' }, workplaceType: 'unspecified' }),
  posting(2, 'Senior Welder', {
    categories: { commitment: 'Full-time', location: 'Berlin, Germany', allLocations: ['Berlin, Germany'] },
    workplaceType: 'onsite',
  }),
  posting(3, 'Junior Support Agent', {
    categories: { commitment: 'Part-time', location: 'Anywhere' },
    workplaceType: 'remote',
  }),
];
