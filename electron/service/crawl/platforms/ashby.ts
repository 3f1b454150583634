import type { BoardRef } from '#shared/rules/board-ref';
import { isMacroRegion, locationFromAddress, parseLocations, type ParsedLocation } from '../../text/location.js';
import { salaryFromAshbyCompensation } from '../normalize/salary-text.js';
import { structuredWorkMode } from '../normalize/work-mode.js';
import {
  arrayField,
  isRecord,
  MalformedBoard,
  str,
  timeOf,
  type PlatformAdapter,
  type RawPosting,
} from './platform.js';

// GET api.ashbyhq.com/posting-api/job-board/{org}?includeCompensation=true → {jobs:[…], apiVersion}.
// A board that does not exist answers 200 with an empty list: the engine treats a sudden empty
// read as an anomaly, never as "every posting closed".
export const ashby: PlatformAdapter = {
  platform: 'ashby',
  list: 'jobs',
  apiBase: () => 'https://api.ashbyhq.com',
  listPath: (b) => `/posting-api/job-board/${encodeURIComponent(b.token)}?includeCompensation=true`,
  careersUrl: (b) => `https://jobs.ashbyhq.com/${encodeURIComponent(b.token)}`,
  read(body, board) {
    const jobs = arrayField(body, 'jobs', 'ashby');
    // Unlisted postings are not on the public board.
    const postings = jobs.map((j, i) => posting(j, i, board)).filter((p): p is RawPosting => p !== null);
    return { postings };
  },
};

function posting(j: unknown, i: number, board: BoardRef): RawPosting | null {
  if (!isRecord(j) || typeof j.id !== 'string') throw new MalformedBoard(`ashby ${board.token}: jobs[${i}] has no id`);
  if (j.isListed === false) return null;
  const locationTexts: string[] = [];
  const structuredLocations: ParsedLocation[] = [];
  const primary = str(j.location);
  const postal = isRecord(j.address) && isRecord(j.address.postalAddress) ? j.address.postalAddress : undefined;
  // "Remote - North America" pinned to a San Francisco address: the region is the place, not the pin.
  const fromAddress =
    postal && !(primary && isMacroRegion(primary))
      ? locationFromAddress({
          locality: str(postal.addressLocality) ?? null,
          region: str(postal.addressRegion) ?? null,
          country: str(postal.addressCountry) ?? null,
          ...(primary ? { text: primary } : {}),
        })
      : undefined;
  // A postal address states the place structurally; without one, the location text is parsed.
  if (fromAddress?.country) structuredLocations.push(fromAddress);
  else if (primary) locationTexts.push(primary);
  if (Array.isArray(j.secondaryLocations)) {
    for (const s of j.secondaryLocations) {
      if (!isRecord(s)) continue;
      const text = str(s.location);
      const a = isRecord(s.address) ? s.address : undefined;
      const loc =
        a && !(text && isMacroRegion(text))
          ? locationFromAddress({
              locality: str(a.addressLocality) ?? null,
              region: str(a.addressRegion) ?? null,
              country: str(a.addressCountry) ?? null,
              ...(text ? { text } : {}),
            })
          : undefined;
      if (loc?.country) structuredLocations.push(loc);
      else if (text) locationTexts.push(text);
    }
  }
  const comp = isRecord(j.compensation) ? j.compensation : undefined;
  const p: RawPosting = {
    postingId: j.id,
    title: typeof j.title === 'string' ? j.title : '',
    locationTexts,
    structuredLocations,
    employmentValues: [str(j.employmentType)].filter((x): x is string => !!x),
    payTexts: [comp ? str(comp.scrapeableCompensationSalarySummary) : undefined, str(j.descriptionPlain)].filter(
      (x): x is string => !!x,
    ),
    descriptionHtml: str(j.descriptionHtml) ?? '',
  };
  const wp = structuredWorkMode(str(j.workplaceType));
  if (wp) p.workplace = wp;
  if (typeof j.isRemote === 'boolean') p.remoteFlag = j.isRemote;
  // Pay tiers by country: the tier of the posting's own country (crawl-truth.md § Salary).
  const countries = [...structuredLocations, ...locationTexts.flatMap((t) => parseLocations(t))]
    .map((l) => l.country)
    .filter((c): c is string => !!c);
  const salary = salaryFromAshbyCompensation(comp, countries);
  if (salary) p.salary = salary;
  const url = str(j.jobUrl);
  const apply = str(j.applyUrl);
  if (url) p.postingUrl = url;
  if (apply ?? url) p.applyUrl = (apply ?? url)!;
  const published = timeOf(j.publishedAt);
  if (published) p.postedAt = published;
  const updated = timeOf(j.updatedAt);
  if (updated) p.updatedAt = updated;
  return p;
}
