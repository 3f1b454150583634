import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { replayBases, startBoardReplay, type Replay } from '../../service/user/board-replay.js';
import { root } from '../../helpers/built-dist.js';
import { serve } from './isolated-app.js';

export interface SourcesApp {
  url: string;
  replay: Replay;
  stop(): Promise<void>;
}

/**
 * An app server of its own for the Sources flow: following a board clears the sample from its
 * index, so it gets a copy of the e2e index (the shared one stays sample for the other specs),
 * a fresh user file, and every platform pointed at a local replay of platform-shaped boards.
 */
export async function startSourcesApp(): Promise<SourcesApp> {
  const index = process.env.JOBINDEX_E2E_INDEX;
  if (!index) throw new Error('JOBINDEX_E2E_INDEX is not set: run through playwright.config.ts');
  const dir = mkdtempSync(join(tmpdir(), 'jobindex-e2e-sources-'));
  const copy = join(dir, 'index.sqlite');
  // VACUUM INTO copies what the server's readers see, WAL included.
  const src = new Database(index, { readonly: true });
  try {
    src.prepare('VACUUM INTO ?').run(copy);
  } finally {
    src.close();
  }
  const replay = await startBoardReplay();
  const bases = Object.entries(replayBases(replay.url)).flatMap(([platform, url]) => ['--crawl-api-base', `${platform}=${url}`]);
  const app = await serve(['--db', copy, '--user-data', join(dir, 'user.sqlite'), '--ui', join(root, 'dist', 'renderer'), ...bases]).catch(async (e: unknown) => {
    await replay.close();
    throw e;
  });
  return {
    url: app.url,
    replay,
    async stop() {
      await app.stop();
      await replay.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
