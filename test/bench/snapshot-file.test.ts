import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSnapshot, readSnapshotParts, writeSnapshot } from '../../bench/peers/snapshot-file.js';

// The peer benchmark saves MiniSearch's and Orama's indexes through this file; a snapshot that
// reads back different from what was saved would make every peer figure at 1M meaningless.

const dirs: string[] = [];
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'snapshot-'));
  dirs.push(dir);
  return join(dir, 'snap.jsonl');
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A nested value shaped like Orama's raw index: trees, id arrays, objects keyed by numbers. */
function sample() {
  const node = (w: string, depth: number): object => ({
    w,
    e: depth === 0,
    d: Array.from({ length: 30 }, (_, i) => i * depth),
    c: depth === 0 ? [] : ['a', 'b', 'c'].map((k) => [k, node(w + k, depth - 1)]),
  });
  const frequencies: Record<string, Record<string, number>> = {};
  for (let id = 1; id <= 200; id++) frequencies[String(id)] = { senior: id / 7, developer: 1 / id };
  return {
    ids: Array.from({ length: 500 }, (_, i) => `id-${i}`),
    index: {
      indexes: { title: { type: 'Radix', node: node('', 4), isArray: false } },
      frequencies: { title: frequencies },
    },
    skipped: undefined,
    withToJson: { toJSON: () => ({ as: 'json' }) },
    holes: [1, undefined, 3],
    language: 'english',
  };
}

describe('peer snapshot file', () => {
  it('reads back exactly what JSON.stringify would have written, though cut into small lines', async () => {
    const file = tempFile();
    const value = sample();
    await writeSnapshot(file, Object.entries(value), 2000);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThan(20);
    // A line may pass the size by one entry below the cut, never by a whole part.
    for (const l of lines) expect(l.length).toBeLessThan(8000);
    expect(await readSnapshot(file)).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('writes a small value as one line per part, and yields parts in order, each complete', async () => {
    const file = tempFile();
    const value = sample();
    await writeSnapshot(file, Object.entries(value));
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(5); // `skipped` is omitted, like JSON.stringify
    const parts: [string, unknown][] = [];
    for await (const p of readSnapshotParts(file)) parts.push(p);
    expect(parts.map(([k]) => k)).toEqual(['ids', 'index', 'withToJson', 'holes', 'language']);
    expect(parts[1]![1]).toEqual(JSON.parse(JSON.stringify(value.index)));
  });

  it('keeps a "__proto__" key as data instead of changing a prototype', async () => {
    const file = tempFile();
    const value = JSON.parse('{"words":{"__proto__":{"polluted":true},"plain":1}}') as object;
    await writeSnapshot(file, Object.entries(value), 10);
    const back = await readSnapshot<{ words: Record<string, unknown> }>(file);
    expect(Object.keys(back.words)).toEqual(['__proto__', 'plain']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(back.words)).toBe(Object.prototype);
  });
});
