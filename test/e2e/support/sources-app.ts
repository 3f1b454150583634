import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { replayBases, startBoardReplay, type Replay } from '../../service/user/board-replay.js';
import { root } from '../../helpers/built-dist.js';
import { copyE2eIndex, serve } from './isolated-app.js';

export interface SourcesApp {
  url: string;
  replay: Replay;
  /** The app's own copy of the index. */
  index: string;
  stop(): Promise<void>;
}

/**
 * An app server of its own for the Sources flow: following a board clears the sample from its
 * index, so it gets a copy of the e2e index (the shared one stays sample for the other specs),
 * a fresh user file, and every platform pointed at a local replay of platform-shaped boards.
 */
export async function startSourcesApp(): Promise<SourcesApp> {
  const { dir, index: copy } = copyE2eIndex('sources');
  const replay = await startBoardReplay();
  const bases = Object.entries(replayBases(replay.url)).flatMap(([platform, url]) => [
    '--crawl-api-base',
    `${platform}=${url}`,
  ]);
  const app = await serve([
    '--db',
    copy,
    '--user-data',
    join(dir, 'user.sqlite'),
    '--ui',
    join(root, 'dist', 'renderer'),
    ...bases,
  ]).catch(async (e: unknown) => {
    await replay.close();
    throw e;
  });
  return {
    url: app.url,
    replay,
    index: copy,
    async stop() {
      await app.stop();
      await replay.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
