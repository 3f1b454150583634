import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the desktop app keeps the user file (Electron's `userData` for the product "Job Index"),
 * for CLI commands run beside it without `--user-data`.
 */
export function defaultUserFile(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const home = homedir();
  const base =
    platform === 'win32'
      ? (env.APPDATA ?? join(home, 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? join(home, 'Library', 'Application Support')
        : // An empty or relative XDG_CONFIG_HOME is invalid per the XDG spec and must be ignored.
          env.XDG_CONFIG_HOME?.startsWith('/')
          ? env.XDG_CONFIG_HOME
          : join(home, '.config');
  return join(base, 'Job Index', 'user.sqlite');
}
