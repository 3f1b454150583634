// Comparing a crawled job with its hand label, field by field.
import { cityName } from '../../../../electron/service/text/city-names.js';

export interface SalaryLabel {
  min: number;
  max: number;
  currency: string;
  period: string;
}

/** One hand-labelled posting: what a careful reader of the posting says it states. */
export interface Label {
  file: string;
  /** The platform's posting id. */
  id: string;
  title: string;
  /** Labelled from the raw posting before the parsers were tuned on the rest: a held-out check. */
  blind?: boolean;
  /** The labelling round: absent for the first 274, 2 for the held-out audit that added cities, work mode and seniority. */
  round?: number;
  /** ISO 3166-1 alpha-2 codes of every place the posting names; [] when it names no country. */
  countries: string[];
  /** null: the posting does not say. */
  remote: boolean | null;
  employmentType: string | null;
  salary: SalaryLabel | null;
  /** Round 2 only: the cities the posting's locations name (in any spelling a reader would accept). */
  cities?: string[];
  workMode?: string | null;
  seniority?: string | null;
}

export interface Observed extends Pick<Label, 'countries' | 'remote' | 'employmentType' | 'salary'> {
  cities: string[];
  workMode: string | null;
  seniority: string | null;
}

/** Issue 14's targets: the share of labelled postings each field must get right. */
export const TARGETS = { countries: 0.97, remote: 0.97, employmentType: 0.9, salary: 0.95 } as const;

/**
 * Fields only round-2 labels carry, with no issue target: a floor a little under what the audit
 * measured after its fixes (crawl-truth.md), so a regression shows.
 */
export const EXTRA_FLOORS = { cities: 0.95, workMode: 0.9, seniority: 0.9 } as const;
export const EXTRA_FIELDS = Object.keys(EXTRA_FLOORS) as Array<keyof typeof EXTRA_FLOORS>;

export type Field = keyof typeof TARGETS | (typeof EXTRA_FIELDS)[number];

/** A city name as a reader compares it: one city under any of its names, case, accents and spacing aside. */
const cityKey = (c: string) =>
  cityName(c)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();

/** Pay within 1% (a summary's "$112.2K" against the tier's 112,200 exact figure is the same pay). */
function samePay(a: SalaryLabel | null, b: SalaryLabel | null): boolean {
  if (!a || !b) return a === b;
  const near = (x: number, y: number) => Math.abs(x - y) <= 0.01 * Math.max(x, y);
  return a.currency === b.currency && a.period === b.period && near(a.min, b.min) && near(a.max, b.max);
}

export function sameField(field: Field, label: Label, got: Observed): boolean {
  switch (field) {
    case 'cities':
      return (
        [...new Set((label.cities ?? []).map(cityKey))].sort().join(',') ===
        [...new Set(got.cities.map(cityKey))].sort().join(',')
      );
    case 'countries':
      return [...label.countries].sort().join(',') === [...got.countries].sort().join(',');
    case 'salary':
      return samePay(label.salary, got.salary);
    default:
      return (label[field] ?? null) === got[field];
  }
}

export function fieldAccuracy(
  labels: Label[],
  observed: Map<Label, Observed | undefined>,
  field: Field,
): { right: number; share: number; wrong: string[] } {
  const wrong: string[] = [];
  for (const l of labels) {
    const got = observed.get(l);
    if (!got || !sameField(field, l, got)) {
      wrong.push(
        `${l.file} ${l.id} "${l.title}": want ${JSON.stringify(l[field])}, got ${got ? JSON.stringify(got[field]) : 'no job'}`,
      );
    }
  }
  const right = labels.length - wrong.length;
  return { right, share: right / labels.length, wrong };
}
