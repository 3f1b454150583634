import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALJOBS_ABSENT_MESSAGE, REALJOBS_PRESENT } from '../crawl/realjobs.js';
import { crawlRealBoards, type CrawledPosting } from './real-crawl.js';

// Folding on real postings (docs/decisions/folding.md): every board of ../shared/data/realjobs is
// crawled through the replay server, so folding runs at write time as in the app, and the labelled
// pairs of real-pairs.json (posting URLs and a label only, no payload text) are checked: no two
// postings of different roles share a fold group, and at least 95% of same-role pairs do.

interface Pair {
  a: string;
  b: string;
  label: 'same' | 'different';
  why: string;
}

const PAIRS = JSON.parse(readFileSync(join(import.meta.dirname, 'real-pairs.json'), 'utf8')) as Pair[];

describe(
  REALJOBS_PRESENT ? 'folding real postings (../shared/data/realjobs)' : '../shared absent: folding real postings',
  () => {
    it('finds the real payloads', () => {
      expect(REALJOBS_PRESENT, REALJOBS_ABSENT_MESSAGE).toBe(true);
    });
    if (!REALJOBS_PRESENT) return;

    let postings: CrawledPosting[];
    let cleanup = () => {};
    const byUrl = new Map<string, CrawledPosting>();
    beforeAll(async () => {
      const r = await crawlRealBoards();
      postings = r.postings;
      cleanup = r.cleanup;
      for (const p of postings) if (p.postingUrl) byUrl.set(p.postingUrl, p);
    }, 300_000);
    afterAll(() => cleanup());

    const folded = (p: Pair) => byUrl.get(p.a)!.foldKey === byUrl.get(p.b)!.foldKey;

    it('has every labelled posting, and both kinds of pair', () => {
      const missing = PAIRS.flatMap((p) => [p.a, p.b]).filter((u) => !byUrl.has(u));
      expect(missing).toEqual([]);
      expect(PAIRS.filter((p) => p.label === 'same').length).toBeGreaterThan(100);
      expect(PAIRS.filter((p) => p.label === 'different').length).toBeGreaterThan(300);
    });

    it('never folds two different roles (levels, teams, contract types)', () => {
      const wrong = PAIRS.filter((p) => p.label === 'different' && folded(p)).map((p) => `${p.why}: ${p.a} ~ ${p.b}`);
      expect(wrong).toEqual([]);
    });

    // The issue asks for 95%; measured 155 of 157 (98.7%). Yassir's per-town postings ("Sales
    // Representative Jijel", location "Algeria (East)") fold by the series rule (title-series.ts).
    // Left apart: two "Store Operations Supervisor" towns (a series of two is too short to tell
    // from a team) and Binance's "Affiliate Relationship Manager (APAC)" against the same title
    // without a region (their texts differ). The floor pins what is reached, so it cannot slip.
    it('folds at least 95% of same-role pairs', () => {
      const same = PAIRS.filter((p) => p.label === 'same');
      const hit = same.filter(folded).length;
      const missed = same.filter((p) => !folded(p)).map((p) => `${p.why}: ${p.a} ~ ${p.b}`);
      expect(hit / same.length, `missed:\n${missed.join('\n')}`).toBeGreaterThanOrEqual(0.95);
      expect(hit, `missed:\n${missed.join('\n')}`).toBeGreaterThanOrEqual(155);
    });

    it('marks and never removes: every posting of a fold group is still stored and active', () => {
      const groups = new Map<string, CrawledPosting[]>();
      for (const p of postings) groups.set(p.foldKey!, [...(groups.get(p.foldKey!) ?? []), p]);
      const big = [...groups.values()].filter((g) => g.length > 1);
      expect(big.length).toBeGreaterThan(20);
      expect(postings.every((p) => p.foldKey !== null && p.status === 'active')).toBe(true);
    });
  },
);
