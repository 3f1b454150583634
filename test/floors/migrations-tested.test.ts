// Every migration has a test of its own (Signal's migration_NNNN_test habit): the upgrade of a
// file as the release before it left it. A migration added without one fails here, by name.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

describe.each(['index-db', 'user-db'])('%s migrations', (file) => {
  it('each has its own test file', () => {
    const migrations = readdirSync(join(root, 'electron/service', file, 'migrations'))
      .filter((f) => /^\d{4}-.*\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''));
    const tests = new Set(
      readdirSync(join(root, 'test/service', file, 'migrations')).map((f) => f.replace(/\.test\.ts$/, '')),
    );
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations.filter((m) => !tests.has(m))).toEqual([]);
  });
});
