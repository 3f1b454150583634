import { slugify } from '#shared/text/fold';
import type { EmploymentType, Seniority, WorkMode } from '#shared/rules/vocabulary';
import type { JobRecord, LocationRecord, SalaryRecord } from '#service/index-db/records';
import { applyUrl, generateCompanies, type GeneratedCompany } from './companies.js';
import { describe } from './descriptions.js';
import { COUNTRIES, REMOTE_REGIONS, type Country } from './geography.js';
import { OCCUPATIONS, SENIORITY_WEIGHTS, type Occupation } from './occupations.js';
import { Rng } from './prng.js';

const DAY = 86_400_000;

export interface CorpusOptions {
  jobs: number;
  seed: number;
  /** The moment the corpus describes (epoch ms); with the seed it fixes every value. */
  now: number;
}

export interface Corpus {
  companies: GeneratedCompany[];
  /** The jobs, generated lazily so a million of them never sit in memory at once. */
  jobs(): Generator<JobRecord>;
}

/** A realistic, deterministic corpus: same options, same companies and jobs, in the same order. */
export function generateCorpus(opts: CorpusOptions): Corpus {
  const companies = generateCompanies(new Rng(opts.seed), Math.max(8, Math.round(opts.jobs / 40)), opts.now);
  return {
    companies,
    *jobs() {
      const rng = new Rng(opts.seed ^ 0x5eed);
      // In discovery order, as a crawler finds them: older first, denser towards `now`.
      for (let i = 0; i < opts.jobs; i++) {
        const age = Math.floor(180 * DAY * (1 - (i + rng.next()) / opts.jobs) ** 1.6);
        yield makeJob(rng, companies, opts.now, opts.now - age);
      }
    },
  };
}

const countryWeights = COUNTRIES.map((c) => c.weight);
const occupationWeights = OCCUPATIONS.map((o) => o.weight);
const seniorityWeights = SENIORITY_WEIGHTS.map((s) => s[1]);
const EMPLOYMENT: EmploymentType[] = ['full_time', 'part_time', 'contract', 'internship', 'temporary'];
const EMPLOYMENT_WEIGHTS = [72, 8, 12, 4, 4];
const MODES: WorkMode[] = ['onsite', 'hybrid', 'remote'];
const MODE_WEIGHTS = [45, 35, 20];

function makeJob(rng: Rng, companies: GeneratedCompany[], now: number, discoveredAt: number): JobRecord {
  // Zipf-like: a few companies post a lot, most post a little.
  const company = companies[Math.floor(companies.length * rng.next() ** 2.2)]!;
  const occupation = rng.weighted(OCCUPATIONS, occupationWeights);
  let employmentType = rng.weighted(EMPLOYMENT, EMPLOYMENT_WEIGHTS);
  let [seniority, , prefix, payFactor] = rng.weighted(SENIORITY_WEIGHTS, seniorityWeights);
  if (employmentType === 'internship') [seniority, , prefix, payFactor] = SENIORITY_WEIGHTS[0]!;
  else if (seniority === 'intern') employmentType = 'internship';
  const title = makeTitle(rng, occupation, seniority, prefix);
  const workMode = rng.weighted(MODES, MODE_WEIGHTS);
  const country = rng.chance(0.7) ? company.home : rng.weighted(COUNTRIES, countryWeights);
  const locations = makeLocations(rng, country, workMode);
  const id = rng.uuid();

  const roll = rng.next();
  const status = roll < 0.03 ? 'expired-recent' : roll < 0.06 ? 'expired-old' : 'active';
  let lastVerifiedAt: number;
  let expiredAt: number | undefined;
  if (status === 'active') {
    lastVerifiedAt = Math.max(discoveredAt, now - rng.int(0, 14 * 24 * 3600) * 1000);
  } else {
    const back = status === 'expired-recent' ? rng.int(0, 29 * 24 * 3600) : rng.int(31 * 24 * 3600, 170 * 24 * 3600);
    // Never after `now`: a job found within the last hour cannot have expired in the future.
    expiredAt = Math.min(now, Math.max(discoveredAt + 3600_000, now - back * 1000));
    lastVerifiedAt = expiredAt;
  }
  const lastScrapedAt = discoveredAt + Math.floor((lastVerifiedAt - discoveredAt) * rng.next());
  const place = locations[0]!.text ?? locations[0]!.city ?? 'Remote';

  const job: JobRecord = {
    id,
    slug: rng.chance(0.02) ? '' : `${slugify(`${title} ${company.name}`)}-${id.slice(0, 6)}`,
    title,
    companyId: company.id,
    locations,
    remote: workMode === 'remote',
    workMode,
    employmentType,
    seniority: seniority as Seniority,
    descriptionHtml: describe(rng, { title, companyName: company.name, place, occupation, hostile: rng.chance(0.02) }),
    sourceType: 'ats',
    sourcePlatform: company.platform,
    applyUrl: applyUrl(company.platform, company.slug, id),
    status: status === 'active' ? 'active' : 'expired',
    discoveredAt,
    lastSeenAt: status === 'active' ? lastVerifiedAt : Math.max(discoveredAt, lastVerifiedAt - DAY),
    lastScrapedAt,
    lastVerifiedAt,
  };
  if (expiredAt !== undefined) job.expiredAt = expiredAt;
  if (rng.chance(0.95)) job.occupation = occupation.label;
  if (rng.chance(0.72)) job.salary = makeSalary(rng, occupation, country, payFactor, employmentType);
  return job;
}

function makeTitle(rng: Rng, o: Occupation, seniority: string, prefix: string): string {
  const role = rng.pick(o.titles);
  const specialty = rng.chance(0.45) ? rng.pick(o.specialties) : undefined;
  let t: string;
  if (seniority === 'intern') t = `${role} Intern`;
  else if (seniority === 'manager') t = `${prefix} ${o.label}`;
  else if (seniority === 'director') t = `${prefix} ${o.label}`;
  else t = prefix ? `${prefix} ${role}` : role;
  return specialty ? `${t}, ${specialty}` : t;
}

function makeLocations(rng: Rng, country: Country, mode: WorkMode): LocationRecord[] {
  const office = (c: Country): LocationRecord => {
    const [city, region] = rng.pick(c.cities);
    return { city, region, country: c.code, remote: false };
  };
  if (mode === 'remote') {
    const [label, codes] = rng.pick(REMOTE_REGIONS);
    const remote: LocationRecord = { text: `Remote (${label})`, remote: true };
    if (codes.length === 1) remote.country = codes[0]!;
    const list = [remote];
    if (rng.chance(0.3)) list.push(office(country));
    return list;
  }
  const n = rng.weighted([1, 2, 3], [75, 18, 7]);
  const list = [office(country)];
  for (let i = 1; i < n; i++) {
    const other = rng.chance(0.6) ? country : rng.weighted(COUNTRIES, countryWeights);
    const l = office(other);
    if (!list.some((x) => x.city === l.city)) list.push(l);
  }
  return list;
}

function makeSalary(
  rng: Rng,
  o: Occupation,
  c: Country,
  payFactor: number,
  employmentType: EmploymentType,
): SalaryRecord {
  const annual = o.baseUsd * payFactor * c.scale * (0.85 + 0.3 * rng.next());
  const hourly = o.hourly
    ? rng.chance(0.6)
    : employmentType === 'part_time' || employmentType === 'temporary'
      ? rng.chance(0.5)
      : false;
  let period: string;
  let mid: number;
  let step: number;
  if (hourly) [period, mid, step] = ['hour', annual / 2080, 1];
  else if (c.period === 'month') [period, mid, step] = ['month', annual / 12, 100];
  else [period, mid, step] = ['year', annual, 1000];
  const round = (x: number) => Math.max(step, Math.round(x / step) * step);
  const min = round(mid * 0.9);
  return { min, max: Math.max(min, round(mid * 1.15)), currency: c.currency, period };
}
