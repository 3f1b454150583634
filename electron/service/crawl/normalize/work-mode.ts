// THE rule for remote and work mode, the same for every platform (docs/decisions/crawl-truth.md).
import type { WorkMode } from '#shared/rules/vocabulary';
import type { ParsedLocation } from './location.js';

export interface WorkModeInput {
  /** The platform's own workplace field (Ashby workplaceType, Lever workplaceType, …), if stated. */
  structured?: 'remote' | 'hybrid' | 'onsite';
  /** The platform's remote boolean (Ashby isRemote, SmartRecruiters location.remote), if stated. */
  remoteFlag?: boolean;
  locations: ParsedLocation[];
  title: string;
  /** The description's plain text: only its explicit statements count (see descriptionWorkMode). */
  description?: string;
}

export interface WorkModeDecision {
  remote?: boolean;
  workMode?: WorkMode;
}

const TITLE_REMOTE = /\b(?:remote|fully remote|work from home|wfh|t[ée]l[ée]travail)\b/i;
const TITLE_HYBRID = /\bhybrid\b/i;
const TITLE_ONSITE = /\b(?:on[- ]?site|in[- ]office)\b/i;

// "This role is remote", "The position is fully remote", "The role is based in Japan with a fully
// remote work-from-home arrangement"; not "if the description states that the position is fully
// remote or office-based".
const ROLE_IS_REMOTE =
  /(?<!\b(?:that|if|whether)\s)\b(?:this|the)\s+(?:role|position|job)\s+(?:is|will be)\s+(?:(?:a\s+)?(?:fully\s+|100%\s+)?remote(?:[- ]first)?|[^.]{0,50}?\b(?:fully|100%)\s+remote)\b(?!\s+or\b)/i;

// "This role can be based remotely within one of our hubs"; not "can be based remotely or in Paris".
const ROLE_CAN_BE_REMOTE =
  /(?<!\b(?:that|if|whether)\s)\b(?:this|the)\s+(?:role|position|job)\s+can\s+be\s+(?:(?:based|done|performed|worked|executed)\s+)?(?:fully\s+|100%\s+)?remote(?:ly)?\b(?!\s+or\b)/i;

// A labelled line about this role: "Work Location: In person", "Work Location: On-site, In-Home",
// "Work Location: Remote" (a place after the label, "Work Location: Virginia", says no mode).
const WORK_LOCATION_LINE =
  /\bwork(?:place)?\s+(?:location|arrangement|model|setting)\s*:\s*[-•*]?\s*(in[- ]person|on[- ]?site|in[- ]office|office[- ]based|fully remote|remote|hybrid)\b/i;

/**
 * The description's own statement of this role's arrangement, never the company's habits ("we are a
 * remote-first company", "hybrid options for some roles" say nothing of this role):
 * - LinkedIn's tags, which the recruiter sets per posting: #LI-Remote, #LI-Hybrid, #LI-Onsite (also
 *   with a city glued on: "#LI-Hybrid_CapeTown");
 * - a labelled line: "Work Location: In person" (WORK_LOCATION_LINE);
 * - "This role is remote(-first)", "The position is fully remote", "This role can be based remotely".
 */
export function descriptionWorkMode(text: string | undefined): WorkMode | undefined {
  if (!text) return undefined;
  const tag = /#LI[-_ ](remote|hybrid|on-?site|office)(?![a-z])/i.exec(text)?.[1]?.toLowerCase();
  if (tag) return tag === 'remote' ? 'remote' : tag === 'hybrid' ? 'hybrid' : 'onsite';
  const line = WORK_LOCATION_LINE.exec(text)?.[1]?.toLowerCase();
  if (line) return line.includes('remote') ? 'remote' : line === 'hybrid' ? 'hybrid' : 'onsite';
  if (ROLE_IS_REMOTE.test(text) || ROLE_CAN_BE_REMOTE.test(text)) return 'remote';
  return undefined;
}

/**
 * The one rule, the same for every platform (docs/decisions/crawl-truth.md):
 * 1. A structured workplace field (remote / hybrid / onsite) decides, whatever else says.
 * 2. Else a remote flag, true: remote, unless nothing but an office stands against it. When the
 *    posting's words say remote (a location, the title, the description's own statement) → remote;
 *    hybrid → hybrid; else when a location names an office ("New York, NY (HQ)", "San Francisco
 *    Office") → not remote (the flag against an office: the office wins); else remote.
 *    False: hybrid or remote when the words say so, else not remote.
 * 3. Else the words: location text, title, the description's own statement ("Remote - US",
 *    "Hybrid - London", "(Remote)", "#LI-Hybrid"). Remote words beside a named office elsewhere →
 *    remote (some roles are remote from anywhere).
 * 4. Else, when the posting names a place of work (a city or a country) and no word says remote or
 *    hybrid, it is not remote (remote: false; the mode stays unknown: it may still be hybrid).
 * 5. Else (no place, no words) unknown.
 */
export function decideWorkMode(input: WorkModeInput): WorkModeDecision {
  const { structured, remoteFlag, locations, title } = input;
  if (structured) return { remote: structured === 'remote', workMode: structured };
  const described = descriptionWorkMode(input.description);
  const textRemote = locations.some((l) => l.remote) || TITLE_REMOTE.test(title) || described === 'remote';
  const textHybrid = locations.some((l) => l.hybrid) || TITLE_HYBRID.test(title) || described === 'hybrid';
  if (remoteFlag === true) {
    if (textRemote) return { remote: true, workMode: 'remote' };
    if (textHybrid) return { remote: false, workMode: 'hybrid' };
    if (described === 'onsite') return { remote: false, workMode: 'onsite' };
    if (locations.some((l) => l.office)) return { remote: false };
    return { remote: true, workMode: 'remote' };
  }
  if (remoteFlag === false) {
    if (textHybrid) return { remote: false, workMode: 'hybrid' };
    if (textRemote) return { remote: true, workMode: 'remote' };
    return described === 'onsite' ? { remote: false, workMode: 'onsite' } : { remote: false };
  }
  if (textRemote) return { remote: true, workMode: 'remote' };
  if (textHybrid) return { remote: false, workMode: 'hybrid' };
  if (TITLE_ONSITE.test(title) || described === 'onsite') return { remote: false, workMode: 'onsite' };
  if (locations.some((l) => l.city || l.country)) return { remote: false };
  return {};
}

/** A platform's workplace value → the structured input ("unspecified", "" → undefined). */
export function structuredWorkMode(value: string | null | undefined): 'remote' | 'hybrid' | 'onsite' | undefined {
  const v = (value ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (v === 'remote' || v === 'fullyremote') return 'remote';
  if (v === 'hybrid') return 'hybrid';
  if (v === 'onsite' || v === 'inoffice' || v === 'office') return 'onsite';
  return undefined;
}
