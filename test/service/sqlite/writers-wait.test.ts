// Two writers on one file (issue 32 items 4–5): the second waits its turn instead of failing with
// "database is locked", and processes creating the same new file at once all succeed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIndex } from '#service/index-db/open-index';
import { ensureBuilt, root } from '../../helpers/built-dist.js';

const dist = (p: string) => pathToFileURL(join(root, 'dist/electron/service', p)).href;

/** A node child running `code` (an ES module) with the built service; resolves with its exit. */
function child(code: string, onLine?: (line: string) => void): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: root });
    let stderr = '';
    p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    p.stdout.on('data', (c: Buffer) =>
      c
        .toString()
        .split('\n')
        .filter(Boolean)
        .forEach((l) => onLine?.(l)),
    );
    p.on('close', (c) => resolve({ code: c, stderr }));
  });
}

describe('writers on one file', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'writers-'));
  beforeAll(() => ensureBuilt(), 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a second writer waits for the first to commit (BEGIN IMMEDIATE), and both writes land', async () => {
    const file = join(dir, 'index.sqlite');
    openIndex(file).close();
    // The first holds the write lock 1.5 s inside a transaction that read first.
    let locked!: () => void;
    const holding = new Promise<void>((r) => (locked = r));
    const first = child(
      `const { openIndex } = await import(${JSON.stringify(dist('index-db/open-index.js'))});
       const db = openIndex(${JSON.stringify(file)});
       db.transaction(() => {
         db.prepare('SELECT count(*) FROM meta').get();
         db.prepare("INSERT INTO meta (key, value) VALUES ('first', '1')").run();
         console.log('locked');
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500);
       })();
       db.close();`,
      (l) => l === 'locked' && locked(),
    );
    await holding;
    // The second, in this process, reads then writes in one transaction, as every writer does.
    const db = openIndex(file);
    try {
      db.transaction(() => {
        db.prepare('SELECT count(*) FROM meta').get();
        db.prepare("INSERT INTO meta (key, value) VALUES ('second', '1')").run();
      })();
      expect(db.prepare("SELECT key FROM meta WHERE key IN ('first', 'second') ORDER BY key").pluck().all()).toEqual([
        'first',
        'second',
      ]);
    } finally {
      db.close();
    }
    expect((await first).code).toBe(0);
  });

  it('processes creating the same new index and user file at once all succeed', async () => {
    for (let round = 0; round < 3; round++) {
      const index = join(dir, `new-${round}.sqlite`);
      const user = join(dir, `user-${round}.sqlite`);
      const code = `const { openIndex } = await import(${JSON.stringify(dist('index-db/open-index.js'))});
        const { openUserDb } = await import(${JSON.stringify(dist('user-db/open-user-db.js'))});
        openUserDb(${JSON.stringify(user)}).close();
        openIndex(${JSON.stringify(index)}).close();`;
      const runs = await Promise.all(Array.from({ length: 4 }, () => child(code)));
      for (const r of runs) {
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
      }
    }
  });
});
