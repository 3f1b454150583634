import type { RawPosting } from './platform.js';

// A Workday board read whole, past the list's offset cap (docs/decisions/workday.md).
// The list answers nothing past offset 2,000, and its `total` then reads 2,000 too (NVIDIA's
// capture: total 2000, while its job-category, job-type and time-type facets each count 2,613).
// So a list whose total reads the cap is split by one of its facets, each part read on its own
// (a part at the cap again is split by another facet), and the parts joined without repeats.
// The board's size is the sum that two facets agree on (single-valued facets count each posting
// once; location facets count a posting at every site and sum higher), and the split is by such a
// facet, so its parts hold each posting once. Without two facets that agree, or with a part that
// cannot be split any further, the list is read to the cap and its size is stated above what was
// read: an incomplete read, which expires nothing.

/** Workday lists no posting past this offset, and states no total above it. */
export const WORKDAY_OFFSET_CAP = 2000;
export const WORKDAY_PAGE = 20;

export type Applied = Record<string, string[]>;
interface Facet {
  param: string;
  values: Array<{ id: string; count: number }>;
}
interface Page {
  postings: RawPosting[];
  /** The stated total (first page only; 0 or absent after). */
  total: number;
  facets: Facet[];
}
/** One list page: the postings from `offset` under `applied`. */
export type AskPage = (applied: Applied, offset: number) => Promise<Page>;

const isRec = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The list's facets, nested groups (`locationMainGroup`) flattened to their own parameters. */
export function facetsOf(body: unknown): Facet[] {
  const out: Facet[] = [];
  const walk = (list: unknown): void => {
    if (!Array.isArray(list)) return;
    for (const f of list) {
      if (!isRec(f) || typeof f.facetParameter !== 'string' || !Array.isArray(f.values)) continue;
      if (f.values.some((v) => isRec(v) && typeof v.facetParameter === 'string')) {
        walk(f.values);
        continue;
      }
      const values = f.values.flatMap((v) =>
        isRec(v) && typeof v.id === 'string' && typeof v.count === 'number' && v.count > 0
          ? [{ id: v.id, count: v.count }]
          : [],
      );
      if (values.length > 0) out.push({ param: f.facetParameter, values });
    }
  };
  walk(isRec(body) ? body.facets : undefined);
  return out;
}

const sum = (f: Facet) => f.values.reduce((n, v) => n + v.count, 0);
const most = (f: Facet) => Math.max(...f.values.map((v) => v.count));

/**
 * How many postings a capped list holds: the smallest sum, at or above the cap, that two facets
 * agree on (`agreed`); without such a pair the largest sum, which no split is trusted to reach.
 */
export function sizeOf(facets: Facet[]): { size: number; agreed: boolean } | undefined {
  const sums = facets.map(sum).filter((s) => s >= WORKDAY_OFFSET_CAP);
  const agreed = sums.filter((s, i) => sums.indexOf(s) !== i).sort((a, b) => a - b);
  if (agreed[0] !== undefined) return { size: agreed[0], agreed: true };
  return sums.length > 0 ? { size: Math.max(...sums), agreed: false } : undefined;
}

/**
 * The postings of one part, and how many it holds (what a whole read of it reaches; unknown when
 * unstated). `expected`: the count its parent's facet gave it; a part under the cap is never split.
 */
async function readPart(
  ask: AskPage,
  applied: Applied,
  expected?: number,
): Promise<{ postings: RawPosting[]; size?: number }> {
  const first = await ask(applied, 0);
  const postings = [...first.postings];
  // A part its facet counted under the cap that still answers the cap ignored the facet: read, not split.
  const capped = first.total >= WORKDAY_OFFSET_CAP && (expected === undefined || expected >= WORKDAY_OFFSET_CAP);
  const est = capped ? sizeOf(first.facets.filter((f) => !(f.param in applied))) : undefined;
  const size = capped
    ? (est?.size ?? first.total + 1)
    : first.total > 0
      ? Math.max(first.total >= WORKDAY_OFFSET_CAP ? (expected ?? 0) : first.total, 0)
      : expected;
  // A single-valued facet (its sum is the size two facets agree on) not used yet, its largest value smallest.
  const split = est?.agreed
    ? first.facets
        .filter((f) => !(f.param in applied) && sum(f) === est.size)
        .sort((a, b) => most(a) - most(b) || a.values.length - b.values.length)[0]
    : undefined;
  if (!split) {
    // Page on while pages come back full, up to the stated total and never past the cap.
    const bound = Math.min(size ?? WORKDAY_OFFSET_CAP, WORKDAY_OFFSET_CAP);
    let last = first.postings.length;
    while (last === WORKDAY_PAGE && postings.length < bound) {
      const more = (await ask(applied, postings.length)).postings;
      postings.push(...more);
      last = more.length;
    }
    return size === undefined ? { postings } : { postings, size: capped ? Math.max(size, first.total + 1) : size };
  }
  const seen = new Map<string, RawPosting>();
  for (const v of split.values) {
    const part = await readPart(ask, { ...applied, [split.param]: [v.id] }, v.count);
    for (const p of part.postings) if (!seen.has(p.postingId)) seen.set(p.postingId, p);
  }
  return { postings: [...seen.values()], size: est!.size };
}

/**
 * Every posting of a Workday list, and the size a whole read reaches (the board's stated total
 * when it is under the cap). Fewer postings than that size is an incomplete read.
 */
export async function readWorkdayList(ask: AskPage): Promise<{ postings: RawPosting[]; statedTotal?: number }> {
  const { postings, size } = await readPart(ask, {});
  const unique = new Map<string, RawPosting>();
  for (const p of postings) if (!unique.has(p.postingId)) unique.set(p.postingId, p);
  return size === undefined
    ? { postings: [...unique.values()] }
    : { postings: [...unique.values()], statedTotal: size };
}
