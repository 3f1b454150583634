import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { buildE2eIndex } from './test/e2e/support/e2e-index.js';
import { pointUserFileAt, upstreamCommand } from './test/e2e/support/e2e-upstream.js';

// Browser tests of the renderer: `npm run web` (the built UI + `jobindex serve`) in Debian's
// Chromium (`apt-get install chromium`; Playwright's own browser downloads are not used).

const PORT = Number(process.env.JOBINDEX_E2E_PORT ?? 4327);
// The upstream that receives reports (accounts), beside the app's server.
const UPSTREAM_PORT = PORT + 1;

// The runner builds the test index once, before it starts the web server; workers (which load
// this file again) inherit the path through the environment.
if (!process.env.JOBINDEX_E2E_INDEX) {
  const dir = join(tmpdir(), `jobindex-e2e-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  process.env.JOBINDEX_E2E_INDEX = join(dir, 'index.sqlite');
  buildE2eIndex(process.env.JOBINDEX_E2E_INDEX);
  // The user's own file (saved jobs, searches, hiding, reports): a fresh one, never the real one.
  process.env.JOBINDEX_E2E_USER = join(dir, 'user.sqlite');
  process.env.JOBINDEX_E2E_ACCOUNTS = join(dir, 'accounts.sqlite');
  pointUserFileAt(process.env.JOBINDEX_E2E_USER, `http://127.0.0.1:${UPSTREAM_PORT}`);
}

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '*.spec.ts',
  outputDir: 'test-results/e2e',
  // Two cores on the build machines: two browsers at most.
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_500 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1400, height: 900 },
    colorScheme: 'light',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `npm run web -- --db "${process.env.JOBINDEX_E2E_INDEX}" --user-data "${process.env.JOBINDEX_E2E_USER}" --port ${PORT} --log-level warn`,
      url: `http://127.0.0.1:${PORT}/`,
      // `npm run web` compiles the TypeScript and builds the renderer first.
      timeout: 240_000,
      // JOBINDEX_E2E_REUSE=1 with JOBINDEX_E2E_INDEX: iterate against a server you started yourself.
      reuseExistingServer: Boolean(process.env.JOBINDEX_E2E_REUSE),
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: upstreamCommand(process.env.JOBINDEX_E2E_INDEX!, process.env.JOBINDEX_E2E_ACCOUNTS!, UPSTREAM_PORT),
      port: UPSTREAM_PORT,
      timeout: 60_000,
      reuseExistingServer: Boolean(process.env.JOBINDEX_E2E_REUSE),
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
