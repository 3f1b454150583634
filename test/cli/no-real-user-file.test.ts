import { tmpdir } from 'node:os';
import { expect, it } from 'vitest';
import { defaultUserFile } from '#service/user-db/default-user-file';

// `jobindex sync` re-checks the desktop app's saved jobs by default: a test must never reach the
// developer's real file, so the suite's config folder is a temp one (vitest.config.ts).
it('the suite never sees the real user file', () => {
  const file = defaultUserFile();
  expect(file.startsWith(`${tmpdir()}/jobindex-test-config-`)).toBe(true);
});
