import type { BoardRef } from '#shared/rules/board-ref';
import { salaryFromLeverRange } from '../normalize/salary-text.js';
import { isRecord, MalformedBoard, str, timeOf, type PlatformAdapter, type RawPosting } from './platform.js';

// GET api.lever.co/v0/postings/{site}?mode=json → a bare array. createdAt is epoch ms.
export const lever: PlatformAdapter = {
  platform: 'lever',
  list: '$',
  apiBase: (b) => (b.region === 'eu' ? 'https://api.eu.lever.co' : 'https://api.lever.co'),
  listPath: (b) => `/v0/postings/${encodeURIComponent(b.token)}?mode=json`,
  careersUrl: (b) => `https://${b.region === 'eu' ? 'jobs.eu' : 'jobs'}.lever.co/${encodeURIComponent(b.token)}`,
  read(body, board) {
    if (!Array.isArray(body)) throw new MalformedBoard('lever: answer is not a list of postings');
    return { postings: body.map((j, i) => posting(j, i, board)) };
  },
};

function posting(j: unknown, i: number, board: BoardRef): RawPosting {
  if (!isRecord(j) || typeof j.id !== 'string')
    throw new MalformedBoard(`lever ${board.token}: posting ${i} has no id`);
  const cat = isRecord(j.categories) ? j.categories : {};
  const all = Array.isArray(cat.allLocations)
    ? cat.allLocations.filter((x): x is string => typeof x === 'string' && x.trim() !== '')
    : [];
  const locationTexts = all.length > 0 ? all : [str(cat.location)].filter((x): x is string => !!x);
  // The page reads: opening (or description), each list as a titled section, then additional.
  const parts: string[] = [];
  const opening = str(j.description) ?? str(j.opening) ?? '';
  if (opening) parts.push(opening);
  if (Array.isArray(j.lists)) {
    for (const l of j.lists) {
      if (!isRecord(l)) continue;
      const heading = str(l.text);
      const content = str(l.content);
      if (heading) parts.push(`<h3>${escapeText(heading)}</h3>`);
      if (content) parts.push(`<ul>${content}</ul>`);
    }
  }
  const additional = str(j.additional);
  if (additional) parts.push(additional);
  const payTexts = [
    str(j.salaryDescriptionPlain) ?? str(j.salaryDescription),
    str(j.additionalPlain),
    str(j.descriptionPlain),
  ].filter((x): x is string => !!x);
  const p: RawPosting = {
    postingId: j.id,
    title: typeof j.text === 'string' ? j.text : '',
    locationTexts,
    employmentValues: [str(cat.commitment)].filter((x): x is string => !!x),
    payTexts,
    descriptionHtml: parts.join('\n'),
  };
  const wp = str(j.workplaceType);
  if (wp === 'remote' || wp === 'hybrid' || wp === 'onsite') p.workplace = wp;
  const salary = salaryFromLeverRange(j.salaryRange);
  if (salary) p.salary = salary;
  const hosted = str(j.hostedUrl);
  const apply = str(j.applyUrl);
  if (hosted) p.postingUrl = hosted;
  if (apply ?? hosted) p.applyUrl = (apply ?? hosted)!;
  const created = timeOf(j.createdAt);
  if (created) p.postedAt = created;
  const updated = timeOf(j.updatedAt);
  if (updated) p.updatedAt = updated;
  return p;
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
