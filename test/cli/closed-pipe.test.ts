import { spawn } from 'node:child_process';
import { beforeAll, expect, it } from 'vitest';
import { ensureBuilt, root } from '../helpers/built-dist.js';

beforeAll(ensureBuilt);

// `jobindex search … | head` closes the pipe after a few lines: the CLI stops quietly.
it('a reader that closes the pipe early ends the CLI with exit 0 and nothing on stderr', async () => {
  const child = spawn(process.execPath, ['bin/jobindex.js', 'search', '--limit', '100', '--format', 'csv', '--all'], {
    cwd: root,
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  expect(stderr).toBe('');
  expect(code).toBe(0);
});
