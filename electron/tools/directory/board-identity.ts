import { platformOfCareersHost } from '#shared/rules/board-ref';
import type { RawRow } from './raw-row.js';

/**
 * A board as the directory keeps it: `key` is its identity as the platform compares it (two rows
 * with one key are one board), `token` what the crawler is given.
 */
export interface BoardIdentity {
  platform: string;
  key: string;
  token: string;
  region?: 'eu';
}

/** Why a row yields no board. */
export type Unusable = { unusable: string };

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function urlOf(s: string): URL | undefined {
  try {
    return new URL(/^[a-z]+:\/\//i.test(s) ? s : `https://${s}`);
  } catch {
    return undefined;
  }
}

/** Path segments of a URL, %-decoded. */
function segments(u: URL): string[] {
  return u.pathname
    .split('/')
    .filter((s) => s !== '')
    .map(decode);
}

/**
 * Platforms the crawler does not read whose token is the first path segment of a careers URL on
 * their host. The crawled ones' hosts are the crawler's own (`platformOfCareersHost`, board-ref.ts).
 */
const PATH_HOSTS: Record<string, RegExp> = {
  rippling: /^ats\.rippling\.com$/,
  gem: /^jobs\.gem\.com$/,
};

const crawledPathHost = (platform: string) => (host: string) => platformOfCareersHost(host)?.platform === platform;
const hostsOf = (platform: string): ((host: string) => boolean) | undefined => {
  const own = PATH_HOSTS[platform];
  if (own) return (host) => own.test(host);
  return ['greenhouse', 'lever', 'ashby', 'workable', 'smartrecruiters'].includes(platform)
    ? crawledPathHost(platform)
    : undefined;
};

/**
 * Platforms whose token is the tenant's subdomain: `x.teamtailor.com` and `x` are one board. Wider
 * than the crawler's reading of Recruitee and Teamtailor URLs on purpose: the lists also name
 * `x.na.teamtailor.com` boards, kept (listed) under their tenant.
 */
const HOST_SUFFIX: Record<string, RegExp> = {
  recruitee: /\.recruitee\.com$/,
  bamboohr: /\.bamboohr\.com$/,
  personio: /\.jobs\.personio\.(com|de)$/,
  teamtailor: /\.(na\.)?teamtailor\.com$/,
};

function pathToken(row: RawRow, isHost: (host: string) => boolean): string | Unusable {
  if (row.token) return decode(row.token.trim());
  const u = row.url ? urlOf(row.url) : undefined;
  if (!u || !isHost(u.hostname.toLowerCase())) return { unusable: `not a ${row.platform} URL: ${row.url ?? ''}` };
  const segs = segments(u);
  if (row.platform === 'smartrecruiters' && segs.length > 1) return { unusable: 'a single posting, not a board' };
  return segs[0] ?? { unusable: `no token in ${row.url}` };
}

function hostToken(row: RawRow, suffix: RegExp): string {
  const raw = (row.token ?? row.url ?? '').trim();
  const u = /[/.]/.test(raw) ? urlOf(raw) : undefined;
  const host = u ? u.hostname.toLowerCase().replace(/^www\./, '') : raw.toLowerCase();
  return host.replace(suffix, '');
}

/** Workday: `tenant.wdN.myworkdayjobs.com/site`; the key is tenant/site (the shard and any locale dropped). */
function workday(row: RawRow): BoardIdentity | Unusable {
  let raw = (row.url ?? row.token ?? '').trim();
  if (!row.url && row.token && !row.token.includes('.'))
    return { unusable: `workday slug without a host: ${row.token}` };
  raw = raw.replace(/^https?:\/\//i, '');
  const u = urlOf(raw);
  if (!u) return { unusable: `not a workday URL: ${raw}` };
  const host = u.hostname.toLowerCase();
  const segs = segments(u).filter((s) => !/^[a-z]{2}[-_][a-z]{2}$/i.test(s));
  let tenant: string;
  let site: string | undefined;
  const own = /^([a-z0-9-]+)\.(wd\d+)\.myworkdayjobs\.com$/.exec(host);
  if (own) {
    tenant = own[1]!;
    site = segs[0];
  } else if (/^wd\d+\.myworkdaysite\.com$/.test(host)) {
    tenant = (segs[0] ?? '').toLowerCase();
    site = segs[1];
  } else return { unusable: `not a workday host: ${host}` };
  if (!tenant || !site) return { unusable: `workday URL names no site: ${raw}` };
  return {
    platform: 'workday',
    key: `${tenant}/${site.toLowerCase()}`,
    token: `${host}/${own ? '' : `${tenant}/`}${site}`,
  };
}

/**
 * The identity of a row's board. The six crawled platforms compare tokens case-insensitively
 * (job-id.ts); an EU host is part of the board (a Lever EU board is not on the US host).
 */
export function identify(row: RawRow): BoardIdentity | Unusable {
  const p = row.platform;
  if (p === 'workday') return workday(row);
  const hosts = hostsOf(p);
  if (hosts) {
    const t = pathToken(row, hosts);
    if (typeof t !== 'string') return t;
    const token = t.trim();
    if (!token) return { unusable: 'empty token' };
    const eu = row.eu || (row.url ? /\.eu\./.test(urlOf(row.url)?.hostname ?? '') : false);
    return eu
      ? { platform: p, key: token.toLowerCase(), token, region: 'eu' }
      : { platform: p, key: token.toLowerCase(), token };
  }
  const suffix = HOST_SUFFIX[p];
  if (suffix) {
    const token = hostToken(row, suffix);
    if (!token) return { unusable: 'empty token' };
    return { platform: p, key: token, token };
  }
  // Every other platform: the token column (or, without one, the URL minus its scheme), %-decoded.
  const raw = decode((row.token ?? row.url ?? '').trim())
    .replace(/^https?:\/\//i, '')
    .replace(/\/+$/, '');
  if (!raw) return { unusable: 'empty token' };
  return { platform: p, key: raw.toLowerCase(), token: raw };
}
