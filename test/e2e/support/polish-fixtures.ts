import type { IndexWriter } from '#service/index-db/write/index-writer';
import { fixtureCompany, fixtureJob } from './user-fixtures.js';

// Jobs of a company of their own for the ui-polish specs of issue 31 (items 9–11 and the detail's
// layout), so what they save and report changes nothing another spec counts.

const DAY = 86_400_000;

export const POLISH_COMPANY = {
  id: '0e2e0000-0000-4000-8000-00000000c320',
  slug: 'e2e-polish-works',
  name: 'Polish Works',
} as const;

/** Saved and unsaved by detail-actions-fit.spec.ts. */
export const POLISH_SAVE_JOB = { id: '0e2e0000-0000-4000-8000-0000000a3201', title: 'Fitting Upholsterer' } as const;

/** Employer markup as boards send it, for the axe run of description-axe.spec.ts. */
export const MARKUP_JOB = { id: '0e2e0000-0000-4000-8000-0000000a3202', title: 'Markup Lacquerer' } as const;

/** Lists holding divs, items outside lists, empty and top-level headings, inline styles. */
export const EMPLOYER_MARKUP = `<h1 style="font-size:28px;color:#aaa">About the role</h1>
<h2></h2><h2>&nbsp;</h2>
<p style="color:#bbb;background:#fff">We lacquer <span style="color:#ccc">fine furniture</span>.</p>
<h2>What you will do</h2>
<ul><div>Prepare surfaces</div><div><strong>Spray</strong> and polish</div><li>Keep the shop tidy</li></ul>
<div><li>An item with no list</li><li>And another</li></div>
<h3>Perks</h3>
<ul>Loose text in a list<ul><li>a nested list</li></ul></ul>
<dl><dt>Hours</dt><dd>9–5</dd><p>Paid overtime</p></dl>
<p><a href="https://polish-works.example.com/"></a><a href="https://polish-works.example.com/apply">Apply here</a></p>`;

export function writePolishFixtures(w: IndexWriter, now: number): void {
  w.upsertCompany(fixtureCompany(now, POLISH_COMPANY));
  w.upsertJob(fixtureJob(POLISH_SAVE_JOB, now - 2 * DAY, POLISH_COMPANY.id));
  w.upsertJob({ ...fixtureJob(MARKUP_JOB, now - 2 * DAY, POLISH_COMPANY.id), descriptionHtml: EMPLOYER_MARKUP });
}
