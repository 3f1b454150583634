import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openIndex } from '#service/index-db/open-index';
import { clearSampleData } from '../../electron/service/index-db/write/clear-sample.js';
import { ensureBuilt, root } from '../helpers/built-dist.js';

const run = promisify(execFile);
const info = async (db: string) =>
  (await run(process.execPath, ['bin/jobindex.js', 'info', '--db', db], { cwd: root })).stdout;

let tmp: string;
beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'jobindex-sample-'));
  await ensureBuilt();
}, 240_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the generated index says it is sample data', { timeout: 60_000 }, () => {
  it('jobindex info says "Sample data" for a generated index, and not once the sample is cleared', async () => {
    const file = join(tmp, 'index.sqlite');
    copyFileSync(inject('fixtureIndex'), file);
    expect(await info(file)).toMatch(/^Sample data: +yes: generated jobs, not real postings/m);

    const db = openIndex(file);
    const removed = clearSampleData(db);
    expect(removed).toBeGreaterThan(0);
    // Cleared once: a second call finds no sample.
    expect(clearSampleData(db)).toBe(0);
    expect(db.prepare('SELECT count(*) FROM jobs').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM companies').pluck().get()).toBe(0);
    db.close();
    const after = await info(file);
    expect(after).not.toMatch(/Sample data/);
    expect(after).toMatch(/^Active jobs: +0$/m);
  });
});
