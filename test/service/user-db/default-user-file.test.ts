import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultUserFile } from '#service/user-db/default-user-file';

describe("the desktop app's user file, as the CLI finds it", () => {
  it('follows each platform’s convention', () => {
    expect(defaultUserFile('darwin', {})).toBe(
      join(homedir(), 'Library', 'Application Support', 'Job Index', 'user.sqlite'),
    );
    expect(defaultUserFile('win32', { APPDATA: 'C:\\Users\\a\\AppData\\Roaming' })).toBe(
      join('C:\\Users\\a\\AppData\\Roaming', 'Job Index', 'user.sqlite'),
    );
    expect(defaultUserFile('linux', { XDG_CONFIG_HOME: '/srv/conf' })).toBe('/srv/conf/Job Index/user.sqlite');
  });

  it('ignores an empty or relative XDG_CONFIG_HOME instead of writing into the current folder', () => {
    const home = join(homedir(), '.config', 'Job Index', 'user.sqlite');
    expect(defaultUserFile('linux', { XDG_CONFIG_HOME: '' })).toBe(home);
    expect(defaultUserFile('linux', { XDG_CONFIG_HOME: 'conf' })).toBe(home);
    expect(defaultUserFile('linux', {})).toBe(home);
  });
});
