// A Workday board is a tenant, its data-center shard and a careers site:
// `https://{tenant}.wd{N}.myworkdayjobs.com[/{locale}]/{site}`, whose API is
// `/wday/cxs/{tenant}/{site}/...` on the same host. The board's token keeps all three as
// `{tenant}.wd{N}/{site}` (`nvidia.wd5/NVIDIAExternalCareerSite`): the shard names the host, and
// the same tenant and site on another shard is another host.

export interface WorkdayBoard {
  tenant: string;
  /** `wd5`, `wd103`, `impl-wd12`. */
  shard: string;
  site: string;
}

const TENANT = /^[a-z0-9][a-z0-9-]{0,62}$/;
const SHARD = /^(?:impl-)?wd\d{1,3}$/;
const SITE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
/** `en-US`, `fr-FR`, `de`: a language before the site, not the site. */
const LOCALE = /^[a-z]{2}(?:-[A-Za-z]{2,4})?$/;
const HOST = /^([a-z0-9][a-z0-9-]*)\.((?:impl-)?wd\d{1,3})\.myworkdayjobs\.com$/;

export function workdayToken(b: WorkdayBoard): string {
  return `${b.tenant}.${b.shard}/${b.site}`;
}

/** `tenant.wdN/site` → its parts; undefined when the token is not of that form. */
export function parseWorkdayToken(token: string): WorkdayBoard | undefined {
  const m = /^([^./]+)\.([^./]+)\/([^/]+)$/.exec(token.trim());
  if (!m) return undefined;
  const [tenant, shard, site] = [m[1]!.toLowerCase(), m[2]!.toLowerCase(), m[3]!];
  return TENANT.test(tenant) && SHARD.test(shard) && SITE.test(site) ? { tenant, shard, site } : undefined;
}

/**
 * A Workday careers URL's board: the host gives tenant and shard, the first path segment that is
 * not a locale gives the site (`/en-US/External/job/...` → External). The API's own path
 * (`/wday/cxs/{tenant}/{site}/jobs`) names the site too. `undefined` when the host is not
 * Workday's; `'no-site'` when it is but the URL names no site (a locale alone).
 */
export function workdayBoardOfUrl(host: string, segments: string[]): WorkdayBoard | 'no-site' | undefined {
  const m = HOST.exec(host);
  if (!m) return undefined;
  const [tenant, shard] = [m[1]!, m[2]!];
  let rest = segments.map((s) => decodeURIComponent(s));
  if (rest[0] === 'wday' && rest[1] === 'cxs') rest = rest.slice(3);
  else if (rest[0] !== undefined && LOCALE.test(rest[0])) rest = rest.slice(1);
  const site = rest[0];
  if (!site || !SITE.test(site) || site === 'job' || site === 'details') return 'no-site';
  return { tenant, shard, site };
}
