import { slugify } from '#shared/text/fold';
import type { CompanyRecord } from '#service/index-db/records';
import { COUNTRIES, type Country } from './geography.js';
import type { Rng } from './prng.js';

const ROOTS = [
  'North',
  'Blue',
  'Bright',
  'Clear',
  'Silver',
  'Iron',
  'Cedar',
  'Maple',
  'River',
  'Stone',
  'Summit',
  'Harbor',
  'Lumen',
  'Nova',
  'Orbit',
  'Pixel',
  'Quantum',
  'Signal',
  'Vector',
  'Zephyr',
  'Atlas',
  'Beacon',
  'Cobalt',
  'Delta',
  'Ember',
  'Falcon',
  'Granite',
  'Helix',
  'Indigo',
  'Juniper',
  'Kestrel',
  'Lattice',
  'Meridian',
  'Nimbus',
  'Onyx',
  'Prairie',
  'Quill',
  'Redwood',
  'Sable',
  'Tidal',
  'Umbra',
  'Vista',
  'Willow',
  'Yonder',
  'Zenith',
  'Acme',
  'Aurora',
  'Boreal',
  'Crescent',
  'Drift',
  'Evergreen',
  'Fjord',
  'Glacier',
  'Horizon',
  'Ivy',
  'Jade',
  'Keystone',
  'Lark',
  'Mosaic',
  'Nordwind',
];
const STEMS = [
  'wave',
  'peak',
  'field',
  'works',
  'stack',
  'forge',
  'light',
  'path',
  'point',
  'line',
  'bridge',
  'gate',
  'loop',
  'leaf',
  'mark',
  'scale',
  'shift',
  'spark',
  'stream',
  'wind',
  'bay',
  'hub',
  'mind',
  'cloud',
  'root',
  'rock',
  'dale',
  'crest',
  'view',
  'way',
];
const SUFFIXES: Array<[suffix: string, industry: string]> = [
  ['Analytics', 'Data & Analytics'],
  ['Labs', 'Software'],
  ['Software', 'Software'],
  ['Health', 'Healthcare'],
  ['Robotics', 'Manufacturing'],
  ['Logistics', 'Transportation & Logistics'],
  ['Energy', 'Energy'],
  ['Financial', 'Financial Services'],
  ['Bank', 'Financial Services'],
  ['Learning', 'Education'],
  ['Foods', 'Food & Beverage'],
  ['Hospitality Group', 'Hospitality'],
  ['Systems', 'Software'],
  ['Security', 'Cybersecurity'],
  ['Games', 'Gaming'],
  ['Media', 'Media'],
  ['Retail', 'Retail'],
  ['Bio', 'Biotechnology'],
  ['Clinic', 'Healthcare'],
  ['Motors', 'Automotive'],
  ['Aerospace', 'Aerospace'],
  ['Insurance', 'Insurance'],
  ['Legal', 'Legal Services'],
  ['Studio', 'Design'],
  ['Technologies', 'Software'],
  ['Pay', 'Financial Services'],
  ['Cloud', 'Software'],
  ['Markets', 'E-commerce'],
  ['Build', 'Construction'],
  ['Care', 'Healthcare'],
];
const SIZES: Array<[range: string, weight: number]> = [
  ['1-10', 8],
  ['11-50', 20],
  ['51-200', 25],
  ['201-500', 17],
  ['501-1000', 11],
  ['1001-5000', 11],
  ['5001-10000', 4],
  ['10001+', 4],
];
export const PLATFORMS = [
  'greenhouse',
  'lever',
  'ashby',
  'workday',
  'smartrecruiters',
  'bamboohr',
  'recruitee',
  'personio',
  'teamtailor',
  'workable',
];
const PLATFORM_WEIGHTS = [25, 18, 10, 14, 8, 6, 5, 5, 4, 5];

export interface GeneratedCompany extends CompanyRecord {
  home: Country;
  platform: string;
}

/** `n` companies with distinct names and slugs. */
export function generateCompanies(rng: Rng, n: number, now: number): GeneratedCompany[] {
  const seen = new Set<string>();
  const out: GeneratedCompany[] = [];
  const weights = COUNTRIES.map((c) => c.weight);
  while (out.length < n) {
    const [suffix, industry] = rng.pick(SUFFIXES);
    const root = rng.pick(ROOTS);
    const base = rng.chance(0.55) ? `${root}${rng.pick(STEMS)}` : root;
    let name = `${base} ${suffix}`;
    for (let i = 2; seen.has(slugify(name)); i++) name = `${base} ${suffix} ${romanOrNumber(i)}`;
    const slug = slugify(name);
    seen.add(slug);
    const domain = `${slug.replace(/-/g, '')}.example.com`;
    const createdAt = now - rng.int(200, 900) * 86_400_000;
    const company: GeneratedCompany = {
      id: rng.uuid(),
      slug,
      name,
      website: `https://www.${domain}`,
      domain,
      logoUrl: `https://logos.jobindex.example/${slug}.png`,
      industry,
      employeeCountRange: rng.weighted(
        SIZES.map((s) => s[0]),
        SIZES.map((s) => s[1]),
      ),
      createdAt,
      updatedAt: Math.max(createdAt, now - rng.int(0, 60) * 86_400_000 - rng.int(0, 86_399) * 1000),
      home: rng.weighted(COUNTRIES, weights),
      platform: rng.weighted(PLATFORMS, PLATFORM_WEIGHTS),
    };
    if (!rng.chance(0.08)) company.foundedYear = rng.int(1950, 2024);
    out.push(company);
  }
  return out;
}

function romanOrNumber(i: number): string {
  return ['', '', 'II', 'III', 'IV', 'V'][i] ?? String(i);
}

/** The apply link of a posting on its platform. */
export function applyUrl(platform: string, companySlug: string, jobId: string): string {
  const n = parseInt(jobId.slice(0, 8), 16) % 10_000_000;
  switch (platform) {
    case 'greenhouse':
      return `https://boards.greenhouse.io/${companySlug}/jobs/${n}`;
    case 'lever':
      return `https://jobs.lever.co/${companySlug}/${jobId}`;
    case 'ashby':
      return `https://jobs.ashbyhq.com/${companySlug}/${jobId}`;
    case 'workday':
      return `https://${companySlug}.wd5.myworkdayjobs.com/en-US/careers/job/R${n}`;
    default:
      return `https://${companySlug}.${platform}.example/jobs/${n}`;
  }
}
