import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openUserDb } from '#service/user-db/open-user-db';
import { Settings } from '#service/user-db/settings';

const dir = mkdtempSync(join(tmpdir(), 'user-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('user settings', () => {
  it('keeps JSON values across reopen and deletes on undefined', () => {
    const file = join(dir, 'user.sqlite');
    let db = openUserDb(file);
    new Settings(db).set('sync.upstream', { url: 'http://127.0.0.1:8080', everyMinutes: 30 });
    new Settings(db).set('window.state', { width: 1200 });
    db.close();
    db = openUserDb(file);
    const s = new Settings(db);
    expect(s.get('sync.upstream')).toEqual({ url: 'http://127.0.0.1:8080', everyMinutes: 30 });
    s.set('window.state', undefined);
    expect(s.get('window.state')).toBeUndefined();
    expect(s.get('missing')).toBeUndefined();
    db.close();
  });
});
