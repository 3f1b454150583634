import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `#service/…` and the other rooms (package.json "imports") load from the sources, not dist/.
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/build-fixture-index.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    // No test, nor a CLI it starts, may find the developer's own user file (the desktop app's,
    // which `jobindex sync` re-checks by default): the config folder is a temp one that is not there.
    env: { XDG_CONFIG_HOME: join(tmpdir(), `jobindex-test-config-${process.pid}`) },
    hookTimeout: 120_000,
  },
});
