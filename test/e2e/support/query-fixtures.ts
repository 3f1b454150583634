import type { IndexWriter } from '#service/index-db/write/index-writer';
import { fixtureCompany, fixtureJob } from './user-fixtures.js';

// Jobs whose words carry symbols (c++, c#, .net, node.js), of a company of their own, for the
// query-language screens; the generated corpus has none.

const DAY = 86_400_000;

export const QUERY_COMPANY = {
  id: '0e2e0000-0000-4000-8000-00000000c0e0',
  slug: 'e2e-symbol-systems',
  name: 'Symbol Systems',
} as const;

export const QUERY_JOBS = [
  { id: '0e2e0000-0000-4000-8000-0000000b0001', title: 'C++ Toolsmith', html: '<p>Modern C++ for compilers.</p>' },
  { id: '0e2e0000-0000-4000-8000-0000000b0002', title: 'C# Toolsmith', html: '<p>C# and .NET services.</p>' },
  { id: '0e2e0000-0000-4000-8000-0000000b0003', title: 'Node.js Toolsmith', html: '<p>Node.js and TypeScript.</p>' },
] as const;

export function writeQueryFixtures(w: IndexWriter, now: number): void {
  w.upsertCompany(fixtureCompany(now, QUERY_COMPANY));
  for (const j of QUERY_JOBS) {
    w.upsertJob({ ...fixtureJob(j, now - 2 * DAY, QUERY_COMPANY.id), descriptionHtml: j.html });
  }
}
