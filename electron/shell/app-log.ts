// The desktop app's log: JSON lines in `<userData>/logs/jobindex.N.log`, a new file each day or
// at 10 MB, the last five kept. Electron-free, so the main-process suite runs it as it is.
import { join } from 'node:path';
import { pino } from 'pino';
import roll from 'pino-roll';
import { jsonLogger, type Logger } from '#service/logging/logger';

export const LOG_FILES_KEPT = 5;

export async function openAppLog(userData: string): Promise<Logger> {
  const file = await roll({
    file: join(userData, 'logs', 'jobindex'),
    extension: '.log',
    frequency: 'daily',
    size: '10m',
    mkdir: true,
    limit: { count: LOG_FILES_KEPT - 1 },
  });
  return jsonLogger('jobindex', { to: pino.multistream([{ stream: file }, { stream: process.stderr }]) });
}
