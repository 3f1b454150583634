import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIndex } from '#tools/generate/build-index';
import { getMeta } from '#service/index-db/meta';
import { openIndex } from '#service/index-db/open-index';
import { clearSampleData } from '../../electron/service/index-db/write/clear-sample.js';
import { installBundledIndex } from '../../electron/worker/bundled-index.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 1);
const dir = mkdtempSync(join(tmpdir(), 'jobindex-bundled-crawled-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an index whose sample gave way to followed boards', () => {
  it('is never replaced by a newer bundled sample on an app update', () => {
    const older = join(dir, 'old', 'index.sqlite');
    const newer = join(dir, 'new', 'index.sqlite');
    buildIndex(older, { jobs: 40, seed: 1, now: T0 });
    buildIndex(newer, { jobs: 50, seed: 2, now: T0 + 10 * DAY });
    const local = join(dir, 'user-data', 'index.sqlite');
    expect(installBundledIndex(older, local)).toBe('installed');

    const db = openIndex(local);
    expect(getMeta(db, 'sample_data')).toBe('1');
    expect(clearSampleData(db, T0 + DAY)).toBe(40);
    expect(getMeta(db, 'sample_data')).toBeUndefined();
    expect(getMeta(db, 'sample_cleared_at')).toBe(String(T0 + DAY));
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const before = readFileSync(local);

    expect(installBundledIndex(newer, local)).toBe('kept');
    expect(readFileSync(local).equals(before)).toBe(true);
  });
});
