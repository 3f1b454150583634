import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/built-dist.js';

// The app's main process (dist/app) and the CLI (dist/cli) run as ES module bundles, where
// `__dirname` does not exist: a bundled package that finds its worker script by it (piscina, which
// maps a crawl's answers) throws the moment it starts, so following a board failed in the shipped
// app and in every `jobindex crawl`. Such packages stay imports (scripts/bundle-entry.ts,
// SELF_LOCATING). pino stays bundled (kept out, every launch would resolve it from node_modules):
// only its transports, which start a worker from a file, read `__dirname`, and no logger uses one.
const PINO_TRANSPORTS = /"thread-stream-worker"|"pino-worker"|"pino\/file"/;

/** Lines of a bundle's code reading `__dirname`, leaving out comments and string literals. */
function dirnameReads(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => {
      const t = line.trim();
      if (t.startsWith('*') || t.startsWith('//') || PINO_TRANSPORTS.test(line)) return false;
      const at = line.indexOf('__dirname');
      if (at < 0) return false;
      const before = line.slice(0, at);
      const quotes = (q: string) => before.split(q).length - 1;
      return quotes('"') % 2 === 0 && quotes("'") % 2 === 0 && quotes('`') % 2 === 0;
    })
    .map((line) => `${file}: ${line.trim().slice(0, 160)}`);
}

describe('bundles', () => {
  for (const dir of ['dist/app', 'dist/cli']) {
    it(`${dir} holds no code that finds its files by __dirname`, () => {
      const files = readdirSync(join(root, dir)).filter((f) => f.endsWith('.js'));
      expect(files.length).toBeGreaterThan(0);
      expect(files.flatMap((f) => dirnameReads(join(root, dir, f)))).toEqual([]);
    });
  }
});
