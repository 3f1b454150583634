// The crawl run's checkpoint cost per finished board, at desktop scale (issue 28): the old way
// (the run's whole JSON, every key and the done list, rewritten after each board) against the new
// (one crawl_state row per board). Plain SQLite, a temp file; no network.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const dir = mkdtempSync(join(tmpdir(), 'checkpoint-bench-'));
try {
  for (const boards of [500, 5_000, 50_000]) {
    const db = new Database(join(dir, `${boards}.sqlite`));
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE crawl_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    const put = db.prepare('INSERT OR REPLACE INTO crawl_state (key, value) VALUES (?, ?)');
    const keys = Array.from({ length: boards }, (_, i) => `greenhouse:board-${String(i).padStart(6, '0')}`);
    // Only the last 200 saves are timed: the cost there is the cost at this many boards.
    const sample = Math.min(200, boards);
    const run = { keys, startedAt: 0, done: keys.slice(0, boards - sample) };
    let t = performance.now();
    for (const k of keys.slice(boards - sample)) {
      run.done.push(k);
      put.run('run', JSON.stringify(run));
    }
    const old = (performance.now() - t) / sample;
    t = performance.now();
    for (const k of keys.slice(boards - sample)) put.run(`run.done:${k}`, '1');
    const now = (performance.now() - t) / sample;
    console.log(
      `${boards.toLocaleString('en')} boards: whole run rewritten ${old.toFixed(3)} ms/board · one row ${now.toFixed(3)} ms/board`,
    );
    db.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
