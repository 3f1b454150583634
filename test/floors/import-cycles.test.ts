import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, sourceFiles } from '../../scripts/import-graph.js';

const root = join(import.meta.dirname, '..', '..');

// docs/decisions/floors.md: no two files of the app may import each other, even through others
// and even for types only: a cycle is one unit that can be read, tested and moved only whole.
describe('the import graph', () => {
  it('has no cycle in electron/, shared/ or renderer/', () => {
    const graph = importGraph(root, sourceFiles(root, ['electron', 'shared', 'renderer']));
    // The graph is real: it saw the app's files and their imports through `#room/…` specifiers.
    expect(graph.size).toBeGreaterThan(250);
    expect(graph.get('electron/worker/app-service.ts')).toContain('electron/service/open-service.ts');
    expect(importCycles(graph)).toEqual([]);
  }, 120_000);

  it('names the files of a cycle, type-only ones too', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts', 'd.ts']],
      ['e.ts', []],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });
});
