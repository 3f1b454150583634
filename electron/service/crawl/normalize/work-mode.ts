// THE rule for remote and work mode, the same for every platform (docs/decisions/crawl-truth.md).
import type { WorkMode } from '#shared/rules/vocabulary';
import type { ParsedLocation } from '../../text/location.js';

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

// "This is a hybrid role", "The position is hybrid"; "This is an on-site role", "The role is fully in-office".
const ROLE_IS_HYBRID =
  /(?<!\b(?:that|if|whether)\s)\b(?:(?:this|the)\s+(?:role|position|job)\s+(?:is|will be)\s+(?:a\s+)?hybrid|this\s+is\s+a\s+hybrid\s+(?:role|position|job))\b(?!\s+or\b)/i;
const ROLE_IS_ONSITE =
  /(?<!\b(?:that|if|whether)\s)\b(?:(?:this|the)\s+(?:role|position|job)\s+(?:is|will be)\s+(?:an?\s+)?(?:fully\s+|100%\s+)?|this\s+is\s+an?\s+(?:fully\s+)?)(?:on[- ]?site|in[- ]office|office[- ]based|in[- ]person)(?:\s+(?:role|position|job))?\b(?!\s+or\b)/i;
// A labelled location line that is remote: "Location: Remote (offshore …)", "Location: Fully remote".
const LOCATION_LINE_REMOTE = /\blocation\s*:\s*(?:fully\s+|100\s?%\s+)?remote\b(?!\s+or\b)/i;
// German: "zu 100 % remote", "vollständig remote", "komplett remote".
const DE_REMOTE = /\b(?:(?:zu\s+)?100\s?%|vollständig|komplett|voll)\s+(?:remote|im\s+homeoffice)\b/i;

/**
 * The posting's explicit words about this role: a sentence ("This role is remote", "This is a
 * hybrid role", "This is an on-site role", "Die Stelle ist zu 100 % remote") or a labelled line
 * ("Work Location: In person", "Location: Remote"). These beat a platform's field or flag (one rule,
 * crawl-truth.md): the field is a board's template, the sentence was written for this role. Two
 * that disagree say nothing.
 */
export function explicitRoleMode(text: string | undefined): WorkMode | undefined {
  if (!text) return undefined;
  const found = new Set<WorkMode>();
  const line = WORK_LOCATION_LINE.exec(text)?.[1]?.toLowerCase();
  if (line) found.add(line.includes('remote') ? 'remote' : line === 'hybrid' ? 'hybrid' : 'onsite');
  if (
    ROLE_IS_REMOTE.test(text) ||
    ROLE_CAN_BE_REMOTE.test(text) ||
    LOCATION_LINE_REMOTE.test(text) ||
    DE_REMOTE.test(text)
  )
    found.add('remote');
  if (ROLE_IS_HYBRID.test(text)) found.add('hybrid');
  if (ROLE_IS_ONSITE.test(text)) found.add('onsite');
  return found.size === 1 ? [...found][0] : undefined;
}

// A working model the posting offers, one mode only: "offers a hybrid working model", "Hybrid,
// casual work environment", "hybrides Arbeitsmodell", "hybrides Arbeiten". Weaker than a field or
// flag (it may be the company's way of working), it decides only where they say nothing.
// Not "a remote or hybrid working model" (two modes), not "hybrid options for some roles".
const HYBRID_MODEL =
  /(?<!\b(?:remote|on-?site|office)\s+(?:or|and|\/)\s+)\bhybrid\b(?:,\s*[\p{L}-]+)?\s+(?:working|work)\s+(?:model|arrangement|environment|schedule|set-?up|structure)\b(?!\s+(?:research|study|studies))|\bhybride[sn]?\s+(?:arbeitsmodell|arbeiten|arbeitsweise|arbeitsumfeld)\b/iu;

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
  return explicitRoleMode(text) ?? (offersHybridModel(text) ? 'hybrid' : undefined);
}

/** A sentence that speaks of most people or some roles is the company's habit, not this role's model. */
const HEDGED =
  /\b(?:most|majority|many|some roles|some teams|depending on|exception|where possible|if the job description)\b/i;

function offersHybridModel(text: string): boolean {
  const m = HYBRID_MODEL.exec(text);
  if (!m) return false;
  const start = Math.max(text.lastIndexOf('.', m.index), text.lastIndexOf('\n', m.index)) + 1;
  const ends = ['.', '\n'].map((c) => text.indexOf(c, m.index + m[0].length)).filter((i) => i >= 0);
  const sentence = text.slice(start, ends.length > 0 ? Math.min(...ends) : undefined);
  return !HEDGED.test(sentence);
}

/**
 * The one rule, the same for every platform (docs/decisions/crawl-truth.md):
 * 0. The posting's explicit words about this role (explicitRoleMode) beat any field or flag.
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
  // 0. The posting's explicit words about this role beat the platform's field and flag.
  const explicit =
    structured !== undefined || remoteFlag !== undefined ? explicitRoleMode(input.description) : undefined;
  if (explicit) return { remote: explicit === 'remote', workMode: explicit };
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
