import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireSyncLock, SyncAlreadyRunning } from '#service/sync/sync-lock';

describe('the sync lock', () => {
  let dir: string;
  let index: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sync-lock-'));
    index = join(dir, 'index.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses while another live process holds it, naming that process', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      writeFileSync(`${index}.sync-lock`, `${other.pid} someone-else`);
      expect(() => acquireSyncLock(index)).toThrow(SyncAlreadyRunning);
      expect(() => acquireSyncLock(index)).toThrow(`process ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it('never leaves a lock without its holder, and its release removes it', () => {
    const release = acquireSyncLock(index);
    expect(readFileSync(`${index}.sync-lock`, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    release();
    expect(existsSync(`${index}.sync-lock`)).toBe(false);
  });

  it("a run this process left behind gives way, and its late release keeps the new run's lock", () => {
    const abandoned = acquireSyncLock(index);
    const next = acquireSyncLock(index);
    abandoned();
    expect(existsSync(`${index}.sync-lock`)).toBe(true);
    next();
    expect(existsSync(`${index}.sync-lock`)).toBe(false);
  });
});
