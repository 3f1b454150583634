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
}

export interface WorkModeDecision {
  remote?: boolean;
  workMode?: WorkMode;
}

const TITLE_REMOTE = /\b(?:remote|fully remote|work from home|wfh|t[ée]l[ée]travail)\b/i;
const TITLE_HYBRID = /\bhybrid\b/i;
const TITLE_ONSITE = /\b(?:on[- ]?site|in[- ]office)\b/i;

/**
 * 1. A structured workplace field decides, whatever else says.
 * 2. Else a remote flag: true → remote (even on "San Francisco Office": the employer ticked the
 *    box; the office is where the team sits), unless the location text says hybrid → hybrid.
 *    false → not remote; work mode only if the text says hybrid, else onsite when a place is named.
 * 3. Else the words: location text then title ("Remote - US", "Hybrid - London", "(Remote)").
 *    Text saying remote AND naming a plain office elsewhere → remote (some roles are remote).
 * 4. Else, when the posting names a place of work (a city or a country) and no word says remote or
 *    hybrid, it is not remote (remote: false; the mode stays unknown: it may still be hybrid).
 * 5. Else (no place, no words) unknown.
 */
export function decideWorkMode(input: WorkModeInput): WorkModeDecision {
  const { structured, remoteFlag, locations, title } = input;
  if (structured) return { remote: structured === 'remote', workMode: structured };
  const textRemote = locations.some((l) => l.remote) || TITLE_REMOTE.test(title);
  const textHybrid = locations.some((l) => l.hybrid) || TITLE_HYBRID.test(title);
  if (remoteFlag === true) return textHybrid && !locations.some((l) => l.remote) ? { remote: false, workMode: 'hybrid' } : { remote: true, workMode: 'remote' };
  if (remoteFlag === false) {
    if (textHybrid) return { remote: false, workMode: 'hybrid' };
    if (textRemote) return { remote: true, workMode: 'remote' };
    return { remote: false };
  }
  if (textRemote) return { remote: true, workMode: 'remote' };
  if (textHybrid) return { remote: false, workMode: 'hybrid' };
  if (TITLE_ONSITE.test(title)) return { remote: false, workMode: 'onsite' };
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
