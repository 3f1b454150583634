import { FieldError } from './field-error.js';
import { parseWorkdayToken, workdayBoardOfUrl, workdayToken } from './workday-ref.js';

export const PLATFORMS = [
  'greenhouse',
  'lever',
  'ashby',
  'smartrecruiters',
  'workable',
  'recruitee',
  'workday',
  'teamtailor',
  'bamboohr',
  'personio',
  'breezy',
  'jazzhr',
] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Each platform as its makers spell it: what a person reads in errors, Sources and the detail. */
export const PLATFORM_NAMES: Record<Platform, string> = {
  greenhouse: 'Greenhouse',
  lever: 'Lever',
  ashby: 'Ashby',
  smartrecruiters: 'SmartRecruiters',
  workable: 'Workable',
  recruitee: 'Recruitee',
  workday: 'Workday',
  teamtailor: 'Teamtailor',
  bamboohr: 'BambooHR',
  personio: 'Personio',
  breezy: 'Breezy HR',
  jazzhr: 'JazzHR',
};

/** One employer's board on one platform. `region: 'eu'` selects the platform's EU host. */
export interface BoardRef {
  platform: Platform;
  token: string;
  region?: 'eu';
}

const TOKEN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** Recruitee's token is its host label (`acme.recruitee.com`): a dot or underscore would name another host. */
const HOST_LABEL = /^[A-Za-z0-9][A-Za-z0-9-]{0,62}$/;
/** Platforms whose board is a host label (`{company}.platform.com`). */
const HOST_NAMED: ReadonlySet<string> = new Set([
  'recruitee',
  'teamtailor',
  'bamboohr',
  'personio',
  'breezy',
  'jazzhr',
]);

/** Careers-page hosts → platform (and region); the board token is the first path segment. */
const HOSTS: Record<string, { platform: Platform; region?: 'eu' }> = {
  'boards.greenhouse.io': { platform: 'greenhouse' },
  'job-boards.greenhouse.io': { platform: 'greenhouse' },
  'boards.eu.greenhouse.io': { platform: 'greenhouse', region: 'eu' },
  'job-boards.eu.greenhouse.io': { platform: 'greenhouse', region: 'eu' },
  'jobs.lever.co': { platform: 'lever' },
  'jobs.eu.lever.co': { platform: 'lever', region: 'eu' },
  'jobs.ashbyhq.com': { platform: 'ashby' },
  'careers.smartrecruiters.com': { platform: 'smartrecruiters' },
  'jobs.smartrecruiters.com': { platform: 'smartrecruiters' },
  'apply.workable.com': { platform: 'workable' },
};

/**
 * The platforms' public API addresses → platform (and region); the path names the board
 * (`boards-api.greenhouse.io/v1/boards/TOKEN/jobs`). Recruitee and Teamtailor name the board in
 * the host (`acme.recruitee.com/api/offers/`), Workday in its own rule (workday-ref.ts).
 */
const API_HOSTS: Record<string, { platform: Platform; region?: 'eu'; path: RegExp; shape: string }> = {
  'boards-api.greenhouse.io': {
    platform: 'greenhouse',
    path: /^\/v1\/boards\/([^/]+)/,
    shape: '/v1/boards/TOKEN/jobs',
  },
  'boards-api.eu.greenhouse.io': {
    platform: 'greenhouse',
    region: 'eu',
    path: /^\/v1\/boards\/([^/]+)/,
    shape: '/v1/boards/TOKEN/jobs',
  },
  'api.greenhouse.io': { platform: 'greenhouse', path: /^\/v1\/boards\/([^/]+)/, shape: '/v1/boards/TOKEN/jobs' },
  'api.lever.co': { platform: 'lever', path: /^\/v0\/postings\/([^/]+)/, shape: '/v0/postings/SITE' },
  'api.eu.lever.co': { platform: 'lever', region: 'eu', path: /^\/v0\/postings\/([^/]+)/, shape: '/v0/postings/SITE' },
  'api.ashbyhq.com': {
    platform: 'ashby',
    path: /^\/posting-api\/job-board\/([^/]+)/,
    shape: '/posting-api/job-board/NAME',
  },
  'api.smartrecruiters.com': {
    platform: 'smartrecruiters',
    path: /^\/v1\/companies\/([^/]+)/,
    shape: '/v1/companies/ID/postings',
  },
  // Workable's API shares the careers host: only an /api/ path is read here.
  'apply.workable.com': {
    platform: 'workable',
    path: /^\/api\/v\d+\/(?:widget\/)?accounts\/([^/]+)/,
    shape: '/api/v1/widget/accounts/ACCOUNT',
  },
  'workable.com': {
    platform: 'workable',
    path: /^\/api\/(?:v\d+\/)?accounts\/([^/]+)/,
    shape: '/api/accounts/ACCOUNT',
  },
};

/** A board from a platform's API URL; undefined when `host` is no API host or its path names no board. */
function boardOfApiUrl(host: string, path: string, raw: string, field: string): BoardRef | undefined {
  const api = API_HOSTS[host];
  if (!api) return undefined;
  const m = api.path.exec(path);
  if (!m) {
    if (HOSTS[host] && !path.startsWith('/api/')) return undefined; // a careers page on the same host
    throw new FieldError(field, `no board token in "${raw}" (${host} names a board as ${api.shape})`);
  }
  let token: string;
  try {
    token = decodeURIComponent(m[1]!);
  } catch {
    throw new FieldError(field, `no board token in "${raw}"`);
  }
  checkToken(token, raw, field);
  return api.region ? { platform: api.platform, token, region: api.region } : { platform: api.platform, token };
}

function isPlatform(s: string): s is Platform {
  return (PLATFORMS as readonly string[]).includes(s);
}

function checkToken(token: string, input: string, field: string): string {
  if (!TOKEN.test(token)) throw new FieldError(field, `no board token in "${input}"`);
  return token;
}

/**
 * A board from `platform:TOKEN` (`greenhouse-eu:TOKEN`, `lever-eu:SITE` for EU hosts) or from its
 * public careers URL. Throws a FieldError naming `field` and the input it could not read.
 */
export function parseBoardRef(input: string, field = 'board'): BoardRef {
  const raw = input.trim();
  if (raw === '') throw new FieldError(field, 'empty board');
  const prefixed = /^([a-z]+)(-eu)?:(?!\/\/)(.+)$/i.exec(raw);
  if (prefixed) {
    const name = prefixed[1]!.toLowerCase();
    if (!isPlatform(name)) {
      throw new FieldError(field, `unknown platform "${prefixed[1]}" in "${raw}" (known: ${PLATFORMS.join(', ')})`);
    }
    const token = name === 'workday' ? prefixed[3]!.trim() : checkToken(prefixed[3]!.trim(), raw, field);
    if (HOST_NAMED.has(name) && !HOST_LABEL.test(token)) throw new FieldError(field, `no board token in "${raw}"`);
    if (name === 'workday') {
      const wd = parseWorkdayToken(prefixed[3]!);
      if (!wd)
        throw new FieldError(field, `no Workday board in "${raw}" (use workday:TENANT.wdN/SITE or the careers URL)`);
      return { platform: 'workday', token: workdayToken(wd) };
    }
    return prefixed[2] ? { platform: name, token, region: 'eu' } : { platform: name, token };
  }
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    throw new FieldError(field, `not a board: "${raw}" (use platform:TOKEN or a careers URL)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new FieldError(field, `not a careers URL: "${raw}"`);
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const segments = url.pathname.split('/').filter((s) => s !== '');
  const api = boardOfApiUrl(host, url.pathname, raw, field);
  if (api) return api;
  const known = HOSTS[host];
  if (known) {
    // Greenhouse's embed form: boards.greenhouse.io/embed/job_board?for=TOKEN
    const embedded = known.platform === 'greenhouse' ? url.searchParams.get('for') : null;
    const token = checkToken(decodeURIComponent(embedded ?? segments[0] ?? ''), raw, field);
    return known.region
      ? { platform: known.platform, token, region: known.region }
      : { platform: known.platform, token };
  }
  const recruitee = /^([a-z0-9][a-z0-9-]*)\.recruitee\.com$/.exec(host);
  if (recruitee) return { platform: 'recruitee', token: recruitee[1]! };
  const teamtailor = /^([a-z0-9][a-z0-9-]*)\.teamtailor\.com$/.exec(host);
  if (teamtailor && teamtailor[1] !== 'www' && teamtailor[1] !== 'app')
    return { platform: 'teamtailor', token: teamtailor[1]! };
  // BambooHR: {company}.bamboohr.com/careers (or /jobs/, a posting's /careers/123).
  const bamboohr = /^([a-z0-9][a-z0-9-]*)\.bamboohr\.com$/.exec(host);
  if (bamboohr && bamboohr[1] !== 'www' && bamboohr[1] !== 'api' && bamboohr[1] !== 'app')
    return { platform: 'bamboohr', token: bamboohr[1]! };
  // Personio: {company}.jobs.personio.de or .com (the careers page, /xml, a posting's /job/123).
  const personio = /^([a-z0-9][a-z0-9-]*)\.jobs\.personio\.(?:de|com)$/.exec(host);
  if (personio) return { platform: 'personio', token: personio[1]! };
  // Breezy HR: {company}.breezy.hr (the careers page, /json, a posting's /p/{id}-{slug}).
  const breezy = /^([a-z0-9][a-z0-9-]*)\.breezy\.hr$/.exec(host);
  if (breezy && !['www', 'app', 'api', 'developer', 'help', 'marketplace'].includes(breezy[1]!))
    return { platform: 'breezy', token: breezy[1]! };
  // JazzHR: {subdomain}.applytojob.com/apply (a posting's /apply/{code}/{slug}), or its feed
  // app.jazz.co/feeds/export/jobs/{subdomain}.
  const jazzhr = /^([a-z0-9][a-z0-9-]*)\.applytojob\.com$/.exec(host);
  if (jazzhr && jazzhr[1] !== 'www' && jazzhr[1] !== 'app') return { platform: 'jazzhr', token: jazzhr[1]! };
  if (host === 'app.jazz.co' && segments[0] === 'feeds' && segments[1] === 'export' && segments[2] === 'jobs') {
    const token = segments[3] ?? '';
    if (!HOST_LABEL.test(token))
      throw new FieldError(
        field,
        `no board token in "${raw}" (app.jazz.co names a board as /feeds/export/jobs/SUBDOMAIN)`,
      );
    return { platform: 'jazzhr', token: token.toLowerCase() };
  }
  const workday = workdayBoardOfUrl(host, segments);
  if (workday === 'no-site')
    throw new FieldError(
      field,
      `no Workday careers site in "${raw}" (the URL names the tenant but no site: open the careers page and copy its address)`,
    );
  if (workday) return { platform: 'workday', token: workdayToken(workday) };
  throw new FieldError(
    field,
    `not a known careers URL: "${raw}" (known: ${PLATFORMS.map((p) => PLATFORM_NAMES[p]).join(', ')})`,
  );
}

/**
 * The platform (and region) of a careers host whose board token is the URL's first path segment
 * (`jobs.eu.lever.co` → Lever EU), or undefined. The board directory's build reads its sources'
 * URLs with this, so both know one list of hosts.
 */
export function platformOfCareersHost(hostname: string): { platform: Platform; region?: 'eu' } | undefined {
  return HOSTS[hostname.toLowerCase().replace(/^www\./, '')];
}

/** The canonical text of a board, which `parseBoardRef` reads back (`lever-eu:acme`). */
export function boardKey(board: BoardRef): string {
  return `${board.platform}${board.region === 'eu' ? '-eu' : ''}:${board.token}`;
}
