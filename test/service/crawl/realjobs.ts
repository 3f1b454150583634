import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Platform } from '#shared/rules/board-ref';
import { root } from '../../helpers/built-dist.js';

/** The real payloads, test data only (../shared/data/realjobs from the repo root; never copied in). */
export const REALJOBS_DIR = resolve(root, '../shared/data/realjobs');
export const REALJOBS_PRESENT = existsSync(REALJOBS_DIR);

export const REALJOBS_ABSENT_MESSAGE = `../shared absent: the real ATS payloads are not at ${REALJOBS_DIR}; the real-payload tests need them`;

const SUFFIXES = new Set([
  'stapply',
  'sagradtech',
  'jobos',
  'fixture',
  'hunter',
  'techjobshub',
  'nocontent',
  'wrapped',
]);

export interface RealBoard {
  file: string;
  platform: Platform;
  token: string;
  /** The platform API's answer (a scraper's `{company, fetched_at, jobs}` envelope unwrapped). */
  body: string;
  /** Postings in the answer. */
  postings: unknown[];
}

/** Every real payload, with the board token its file name gives ("ashby-finni-health-stapply" → finni-health). */
export function realBoards(dir = REALJOBS_DIR): RealBoard[] {
  if (!existsSync(dir)) throw new Error(REALJOBS_ABSENT_MESSAGE);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const parts = file.replace(/\.json$/, '').split('-');
      const platform = parts[0] as Platform;
      const token = parts
        .slice(1)
        .filter((p) => !SUFFIXES.has(p))
        .join('-');
      const raw = readFileSync(join(dir, file), 'utf8');
      let parsed = JSON.parse(raw) as Record<string, unknown> | unknown[];
      let body = raw;
      if (!Array.isArray(parsed) && 'fetched_at' in parsed && Array.isArray(parsed.jobs)) {
        // The envelope is the scraper's, not Greenhouse's: serve what the API answered.
        parsed = { jobs: parsed.jobs, meta: { total: parsed.jobs.length } };
        body = JSON.stringify(parsed);
      }
      const postings = Array.isArray(parsed) ? parsed : ((parsed.jobs ?? parsed.content) as unknown[]);
      return { file, platform, token, body, postings };
    });
}
