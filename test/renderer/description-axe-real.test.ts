import axe from 'axe-core';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlBoards } from '#service/crawl/crawl-boards';
import { ADAPTERS } from '../../electron/service/crawl/platforms/index.js';
import { sanitizeDescription } from '../../electron/service/sanitize/sanitize-description.js';
import { descriptionHtml } from '../../renderer/sanitize/description-html.js';
import { PATIENT_RETRY, readJobs, tempIndex, type JobRow } from '../service/crawl/crawl-harness.js';
import { REALJOBS_ABSENT_MESSAGE, REALJOBS_PRESENT, realBoards } from '../service/crawl/realjobs.js';
import { ReplayServer } from '../service/crawl/replay-server.js';

// Issue 31 item 11: every real employer description (../shared/data/realjobs, crawled through the
// replay server, read back as Get and the renderer read it) laid out under its job title as the
// detail does: every one checked for what axe's list, heading and definition-list rules check,
// and axe-core itself (every rule but colour contrast, which needs a browser's layout) on the most
// marked-up description of each board (axe over all 1,300 took over 5 minutes in jsdom).
// A node environment with a window of its own: the crawl resolves its files by import.meta.url,
// which vitest's jsdom environment breaks. The renderer's sanitizer and axe both use this window.
const dom = new JSDOM('<!doctype html><html lang="en"><head><title>Job detail</title></head><body></body></html>', {
  runScripts: 'outside-only',
});
const win = dom.window as unknown as Window & typeof globalThis & { axe: typeof axe };
const document = win.document;
(globalThis as { window?: unknown }).window = win;
win.eval(axe.source);

describe(REALJOBS_PRESENT ? 'axe on every real description' : '../shared absent: axe on real descriptions', () => {
  it('finds the real payloads', () => {
    expect(REALJOBS_PRESENT, REALJOBS_ABSENT_MESSAGE).toBe(true);
  });
  if (!REALJOBS_PRESENT) return;

  let server: ReplayServer;
  const idx = tempIndex();
  let jobs: JobRow[] = [];
  beforeAll(async () => {
    server = await ReplayServer.start();
    const boards = realBoards().filter((b) => ADAPTERS[b.platform]);
    for (const b of boards) server.setBoard(b.platform, b.token, b.body);
    await crawlBoards({
      indexFile: idx.file,
      boards: boards.map((b) => ({ platform: b.platform, token: b.token })),
      apiBase: server.apiBase(),
      now: () => Date.parse('2026-09-01T00:00:00Z'),
      retry: PATIENT_RETRY,
      mapThreads: 0,
    });
    jobs = readJobs(idx.file);
  }, 300_000);
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  const lay = (j: JobRow) => {
    document.body.innerHTML = `<main><h1>Jobs</h1><section aria-labelledby="t"><h2 id="t"></h2><div class="description">${descriptionHtml(sanitizeDescription(j.html))}</div></section></main>`;
    document.getElementById('t')!.textContent = j.title;
    return `${j.source_platform} ${j.company_name} “${j.title}”`;
  };

  it('every description: lists hold items, items sit in lists, headings have text and sit under the title', () => {
    expect(jobs.length).toBeGreaterThan(1000);
    // What axe's list, listitem, definition-list, dlitem and empty-heading rules check, on all of them.
    const found: string[] = [];
    for (const j of jobs) {
      const where = lay(j);
      const d = document.querySelector('.description')!;
      const bad = [
        ...d.querySelectorAll(':is(ul, ol) > :not(li, script, template)'),
        ...d.querySelectorAll('li:not(:is(ul, ol) > li)'),
        ...d.querySelectorAll('dl > :not(dt, dd, div)'),
        ...d.querySelectorAll(':is(dt, dd):not(dl > *, dl > div > *)'),
        ...d.querySelectorAll('h1, h2'),
        ...[...d.querySelectorAll('h3, h4, h5, h6')].filter((h) => !h.textContent?.trim()),
      ];
      for (const e of bad) found.push(`${where}: <${e.localName}> in <${e.parentElement!.localName}>`);
    }
    expect(found).toEqual([]);
  }, 600_000);

  it('axe finds nothing serious or critical on the most marked-up description of each board', async () => {
    const richest = new Map<string, JobRow>();
    const tags = (j: JobRow) => j.html.match(/<[a-z]/g)?.length ?? 0;
    for (const j of jobs) {
      const key = `${j.source_platform} ${j.company_name}`;
      if (tags(j) > tags(richest.get(key) ?? j) || !richest.has(key)) richest.set(key, j);
    }
    expect(richest.size).toBeGreaterThan(20);
    const found: string[] = [];
    for (const j of richest.values()) {
      const where = lay(j);
      // Colour contrast needs a browser's layout: description-axe.spec.ts runs it in Chromium.
      const r = await win.axe.run(document, {
        rules: { 'color-contrast': { enabled: false } },
        resultTypes: ['violations'],
      });
      for (const v of r.violations)
        if (v.impact === 'serious' || v.impact === 'critical')
          found.push(`${where}: ${v.id} ×${v.nodes.length} ${v.nodes[0]!.html.slice(0, 120)}`);
    }
    expect(found).toEqual([]);
  }, 300_000);
});
