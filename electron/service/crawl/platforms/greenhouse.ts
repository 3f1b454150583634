import { decodeHTML } from 'entities';
import type { BoardRef } from '#shared/rules/board-ref';
import { parseLocations } from '../../text/location.js';
import {
  arrayField,
  isRecord,
  MalformedBoard,
  str,
  timeOf,
  type PlatformAdapter,
  type RawPosting,
} from './platform.js';

// GET boards-api.greenhouse.io/v1/boards/{token}/jobs?content=true → {jobs:[…], meta:{total}}.
// `content` is HTML entity-escaped once more ("&lt;p&gt;"): decoded here, once, to HTML.
export const greenhouse: PlatformAdapter = {
  platform: 'greenhouse',
  list: 'jobs',
  apiBase: (b) => (b.region === 'eu' ? 'https://boards-api.eu.greenhouse.io' : 'https://boards-api.greenhouse.io'),
  listPath: (b) => `/v1/boards/${encodeURIComponent(b.token)}/jobs?content=true`,
  careersUrl: (b) =>
    `https://${b.region === 'eu' ? 'job-boards.eu' : 'job-boards'}.greenhouse.io/${encodeURIComponent(b.token)}`,
  read(body, board) {
    const jobs = arrayField(body, 'jobs', 'greenhouse');
    const total =
      isRecord(body) && isRecord(body.meta) && typeof body.meta.total === 'number' ? body.meta.total : undefined;
    const postings = jobs.map((j, i) => posting(j, i, board));
    return {
      postings,
      ...(total !== undefined ? { statedTotal: total } : {}),
      ...(postings[0]?.companyName ? { companyName: postings[0].companyName } : {}),
    };
  },
};

function posting(j: unknown, i: number, board: BoardRef): RawPosting {
  if (!isRecord(j) || (typeof j.id !== 'number' && typeof j.id !== 'string')) {
    throw new MalformedBoard(`greenhouse ${board.token}: jobs[${i}] has no id`);
  }
  const locationTexts: string[] = [];
  const name = isRecord(j.location) ? str(j.location.name) : undefined;
  if (name) locationTexts.push(name);
  // The location line is what the posting's page shows. The offices (the employer's internal
  // tagging, often the entity's seat: "Madrid" filed under the Copenhagen office) are used only
  // when that line names no country ("Parow", "Remote"): then they say which country it is in.
  if (Array.isArray(j.offices) && !(name && parseLocations(decodeHTML(name)).some((l) => l.country))) {
    for (const o of j.offices) {
      const place = isRecord(o) ? (str(o.location) ?? str(o.name)) : undefined;
      if (place && !locationTexts.some((t) => t.toLowerCase() === place.toLowerCase())) locationTexts.push(place);
    }
  }
  const employmentValues: string[] = [];
  if (Array.isArray(j.metadata)) {
    for (const m of j.metadata) {
      if (
        isRecord(m) &&
        /employment|time type|job type|contract/i.test(String(m.name ?? '')) &&
        typeof m.value === 'string'
      )
        employmentValues.push(m.value);
    }
  }
  const html = typeof j.content === 'string' ? decodeHTML(j.content) : '';
  const url = str(j.absolute_url);
  const p: RawPosting = {
    postingId: String(j.id),
    title: typeof j.title === 'string' ? j.title : '',
    locationTexts,
    employmentValues,
    payTexts: [],
    descriptionHtml: html,
  };
  const company = str(j.company_name);
  if (company) p.companyName = company;
  if (url) {
    p.postingUrl = url;
    p.applyUrl = url;
  }
  const posted = timeOf(j.first_published);
  const updated = timeOf(j.updated_at);
  if (posted) p.postedAt = posted;
  if (updated) p.updatedAt = updated;
  return p;
}
