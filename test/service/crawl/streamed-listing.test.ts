// Issue 32 item 2: a large one-page answer is read as a stream, a batch of postings at a time
// (streamed-listing.ts). What it reads must be exactly what JSON.parse's path reads, on every real
// payload and fixture whose platform answers one page, with batches small enough to split them.
import { describe, expect, it } from 'vitest';
import { BoardReadError, parseJson } from '../../../electron/service/crawl/http-client.js';
import { ADAPTERS } from '../../../electron/service/crawl/platforms/index.js';
import {
  MalformedBoard,
  type BoardRead,
  type PlatformAdapter,
} from '../../../electron/service/crawl/platforms/platform.js';
import { readStreamed } from '../../../electron/service/crawl/streamed-listing.js';
import type { BoardRef } from '#shared/rules/board-ref';
import { fixture } from './crawl-harness.js';
import { REALJOBS_ABSENT_MESSAGE, REALJOBS_PRESENT, realBoards } from './realjobs.js';

const utf8 = (s: string) => new TextEncoder().encode(s);

/** What the JSON.parse path reads, or the error it throws. */
function parsed(text: string, adapter: PlatformAdapter, board: BoardRef): BoardRead | Error {
  try {
    return adapter.read(parseJson(text), board);
  } catch (e) {
    return e as Error;
  }
}

function streamed(text: string, adapter: PlatformAdapter, board: BoardRef, batch: number): BoardRead | Error {
  try {
    return readStreamed(utf8(text), adapter, board, { batch });
  } catch (e) {
    return e as Error;
  }
}

const listed = Object.values(ADAPTERS).filter((a): a is PlatformAdapter => !!a?.list);

describe('a one-page answer read as a stream', () => {
  it('is declared by every one-page JSON platform', () => {
    expect(listed.map((a) => a.platform).sort()).toEqual(
      ['ashby', 'bamboohr', 'breezy', 'greenhouse', 'lever', 'recruitee', 'workable'].sort(),
    );
  });

  it.each(listed.map((a) => [a.platform, a] as const))(
    '%s fixture: the same read as JSON.parse',
    (platform, adapter) => {
      const file = fixture(`${platform}-acme.json`);
      // Bamboo's fixture holds its list and its details together.
      const text = platform === 'bamboohr' ? JSON.stringify((JSON.parse(file) as { list: unknown }).list) : file;
      const board = { platform, token: 'acme' } as BoardRef;
      const whole = parsed(text, adapter, board);
      expect(whole).not.toBeInstanceOf(Error);
      for (const batch of [1, 2, 500]) expect(streamed(text, adapter, board, batch)).toEqual(whole);
    },
  );

  it('every real payload: the same read as JSON.parse, in batches of 7 and of 500', () => {
    expect(REALJOBS_PRESENT, REALJOBS_ABSENT_MESSAGE).toBe(true);
    const boards = realBoards().filter((b) => ADAPTERS[b.platform]?.list);
    expect(boards.length).toBeGreaterThan(15);
    for (const b of boards) {
      const adapter = ADAPTERS[b.platform]!;
      const board = { platform: b.platform, token: b.token } as BoardRef;
      const whole = parsed(b.body, adapter, board) as BoardRead;
      expect(whole.postings.length, b.file).toBeGreaterThan(0);
      expect(streamed(b.body, adapter, board, 7), b.file).toEqual(whole);
      expect(streamed(b.body, adapter, board, 500), b.file).toEqual(whole);
    }
  });

  it('a field after the list that the postings read (Workable’s name) is still read into each', () => {
    const adapter = ADAPTERS.workable!;
    const board = { platform: 'workable', token: 'acme' } as BoardRef;
    const { name, ...rest } = JSON.parse(fixture('workable-acme.json')) as { name: string; jobs: unknown[] };
    expect(name).toBeTruthy();
    const text = JSON.stringify({ ...rest, name });
    expect(text.indexOf('"name"')).toBeGreaterThan(text.indexOf('"jobs"'));
    const whole = parsed(text, adapter, board) as BoardRead;
    expect(whole.postings[0]!.companyName).toBe(name);
    expect(streamed(text, adapter, board, 1)).toEqual(whole);
  });

  it('Greenhouse’s meta after the list gives the stated total', () => {
    const adapter = ADAPTERS.greenhouse!;
    const board = { platform: 'greenhouse', token: 'acme' } as BoardRef;
    const body = JSON.parse(fixture('greenhouse-acme.json')) as { jobs: unknown[] };
    const text = JSON.stringify({ jobs: body.jobs, meta: { total: body.jobs.length + 3 } });
    expect(streamed(text, adapter, board, 1)).toMatchObject({ statedTotal: body.jobs.length + 3 });
  });

  it('truncated, malformed or not the platform’s shape: the error JSON.parse’s path gives', () => {
    const board = { platform: 'greenhouse', token: 'acme' } as BoardRef;
    const adapter = ADAPTERS.greenhouse!;
    const text = fixture('greenhouse-acme.json').trim();
    for (const bad of [text.slice(0, text.length - 40), text.slice(0, -1), `${text}]`, `${text}{}`, '', '<html>']) {
      const e = streamed(bad, adapter, board, 1);
      expect(e).toBeInstanceOf(BoardReadError);
      expect((e as Error).message).toMatch(/^malformed JSON \(\d+ bytes; truncated or not JSON\)$/);
      expect(parsed(bad, adapter, board)).toBeInstanceOf(BoardReadError);
    }
    expect(streamed(`${text}\n  `, adapter, board, 1)).toEqual(parsed(text, adapter, board));
    for (const other of ['{"jobs":{}}', '[]', '{}', 'null', '"jobs"', '{"jobs":[{"title":"no id"}]}']) {
      const e = streamed(other, adapter, board, 1);
      expect(e, other).toBeInstanceOf(MalformedBoard);
      expect((e as Error).message, other).toContain((parsed(other, adapter, board) as Error).message);
    }
    const lever = ADAPTERS.lever!;
    const leverBoard = { platform: 'lever', token: 'acme' } as BoardRef;
    expect(streamed('{"ok":false}', lever, leverBoard, 1)).toBeInstanceOf(MalformedBoard);
    expect(streamed('[]', lever, leverBoard, 1)).toEqual({ postings: [] });
  });
});
