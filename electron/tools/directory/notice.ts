/** The MIT permission notice, which each source's licence asks to be kept with any copy of its data. */
const MIT = `Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.`;

/** resources/directory/LICENSES.md, written beside boards.tsv.gz by every build. */
export const NOTICE = `# Board directory: sources and licences

\`boards.tsv.gz\` is compiled by \`npm run build:directory\` (electron/tools/directory/) from four
public, MIT-licensed lists of employer job boards. The rows were merged, de-duplicated on board
identity, renamed where a better company name was known, and filtered (test, demo and sandbox
boards, ids with no name, single postings). Each source's copyright and permission notice follows.

| source | repository | commit | copyright |
|---|---|---|---|
| freehire | strelov1/freehire \`sources/*.yml\` (read from the fork HafizMMoaz/freehire, which carries the upstream commits unchanged) | 24263b78bb55 | the freehire authors (Ilya Strelov and contributors) |
| ats-scrapers | kalil0321/ats-scrapers \`ats-companies/*.csv\` (history carried by complete-labs/ats-scrapers) | 40e49f0a9d18 | Copyright (c) 2026 Kalil Bouzigues |
| stapply | stapply-ai/ats-scrapers \`*/companies.csv\` | 7202096c4e08 | Copyright (c) 2025 stapply-ai |
| jobsync | Gsync/jobsync \`src/lib/scraper/{greenhouse,lever}/companies.json\` | 06d994b248b7 | Copyright (c) 2024 gsync |

## freehire (MIT)

Copyright (c) the freehire authors (Ilya Strelov and contributors)

${MIT}

## kalil0321/ats-scrapers (MIT)

Copyright (c) 2026 Kalil Bouzigues

${MIT}

## stapply-ai/ats-scrapers (MIT)

Copyright (c) 2025 stapply-ai

${MIT}

## Gsync/jobsync (MIT)

Copyright (c) 2024 gsync

${MIT}
`;
