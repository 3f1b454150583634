import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../../electron/service/crawl/platforms/index.js';
import { crawl, PATIENT_RETRY, readJobs, tempIndex } from './crawl-harness.js';
import { REALJOBS_ABSENT_MESSAGE, REALJOBS_PRESENT, realBoards, type RealBoard } from './realjobs.js';
import { ReplayServer } from './replay-server.js';

// Every real payload in ../shared/data/realjobs, replayed at the platform's real path.
describe(
  REALJOBS_PRESENT
    ? 'adapters on every real payload (../shared/data/realjobs)'
    : '../shared absent: real payload tests',
  () => {
    it('finds the real payloads', () => {
      expect(REALJOBS_PRESENT, REALJOBS_ABSENT_MESSAGE).toBe(true);
    });
    if (!REALJOBS_PRESENT) return;

    const boards = realBoards().filter((b) => ADAPTERS[b.platform]);
    let server: ReplayServer;
    const idx = tempIndex();
    const at = Date.parse('2026-09-01T00:00:00Z');
    let first: Awaited<ReturnType<typeof crawl>>;

    beforeAll(async () => {
      server = await ReplayServer.start();
      for (const b of boards) server.setBoard(b.platform, b.token, b.body);
      first = await crawl(
        server,
        idx.file,
        boards.map((b) => ({ platform: b.platform, token: b.token })),
        at,
        PATIENT_RETRY,
      );
    }, 120_000);
    afterAll(async () => {
      await server.close();
      idx.cleanup();
    });

    /** Postings the board lists publicly with some description text (what must be imported). */
    const withDescription = (b: RealBoard) =>
      b.postings.filter((p) => {
        const o = p as Record<string, unknown>;
        if (o.isListed === false) return false;
        const html =
          String(o.content ?? o.descriptionHtml ?? o.description ?? '') +
          (Array.isArray(o.lists) ? JSON.stringify(o.lists) : '') +
          String(o.additional ?? '');
        return /[A-Za-z]/.test(html.replace(/&lt;[^&]*&gt;|<[^>]*>/g, ''));
      }).length;

    it.each(boards.map((b) => [b.file, b] as const))('%s: every posting with a description is imported', (_file, b) => {
      const s = first.boards.find((x) => x.board.platform === b.platform && x.board.token === b.token)!;
      if (b.platform === 'smartrecruiters') {
        // The fixture is the first page (10 of its 359): an incomplete read, and its listing has no
        // descriptions (details are not in the payloads), so nothing is imported and nothing expires.
        expect([s.state, s.added, s.expired]).toEqual(['anomaly', 0, 0]);
        expect(s.error).toMatch(/incomplete read/);
        return;
      }
      expect(s.state, s.error).toBe('ok');
      expect(s.added).toBe(withDescription(b));
      expect(s.added + Object.values(s.skipped).reduce((a, n) => a + n, 0)).toBe(s.postings);
    });

    it('every imported job: decoded title, decoded and sanitized description, http(s) URLs, ats source', () => {
      const jobs = readJobs(idx.file);
      expect(jobs.length).toBeGreaterThan(900);
      for (const j of jobs) {
        expect(j.title, j.id).toBe(j.title.trim());
        expect(j.title, j.id).not.toMatch(/&(?:amp|lt|gt|quot|#\d+);/);
        expect(j.html, j.title).not.toMatch(/&lt;\/?(?:p|div|ul|li|strong)\b/);
        expect(j.html, j.title).not.toMatch(/<script|onerror=|javascript:/i);
        if (j.apply_url) expect(j.apply_url).toMatch(/^https?:\/\//);
        expect(j.source_type).toBe('ats');
        expect(['greenhouse', 'lever', 'ashby', 'smartrecruiters']).toContain(j.source_platform);
        expect(j.discovered_at).toBe(at);
      }
    });

    it('a board whose platform states no name (Lever, Ashby) is named as its postings write it', () => {
      const names = new Set(
        readJobs(idx.file)
          .filter((j) => j.source_platform !== 'greenhouse')
          .map((j) => j.company_name),
      );
      expect(names).toContain('Mama Money');
      expect(names).toContain('ElevenLabs');
      expect(names).toContain('MOO');
      expect(names).not.toContain('Mamamoney');
    });

    it('greenhouse: pay the description states ("Salary Range: $…") reaches the job', () => {
      const stating = readJobs(idx.file).filter(
        (j) => j.source_platform === 'greenhouse' && /Salary Range:?\s*(?:<[^>]*>\s*)*[$€£]\s?\d/i.test(j.html),
      );
      expect(stating.length).toBeGreaterThan(20);
      expect(stating.filter((j) => j.salary_min === null).map((j) => j.title)).toEqual([]);
    });

    it('a second crawl with nothing changed writes nothing', async () => {
      const again = await crawl(
        server,
        idx.file,
        boards.map((b) => ({ platform: b.platform, token: b.token })),
        at + 3_600_000,
        PATIENT_RETRY,
      );
      for (const s of again.boards) {
        const before = first.boards.find(
          (x) => x.board.platform === s.board.platform && x.board.token === s.board.token,
        )!;
        expect([s.added, s.updated, s.expired, s.unchanged], `${s.board.platform}:${s.board.token}`).toEqual([
          0,
          0,
          0,
          before.added,
        ]);
      }
    }, 120_000);
  },
);
