import { InvalidArgumentError } from 'commander';
import { PLATFORMS, type Platform } from '#shared/rules/board-ref';

export type ApiBases = Partial<Record<Platform, string>>;

/**
 * Commander's collector for a repeatable `PLATFORM=URL` option (`--crawl-api-base`, the same
 * meaning as `jobindex crawl --api-base`): URL replaces the platform's scheme and host.
 */
export function apiBaseOption(value: string, previous: ApiBases = {}): ApiBases {
  const eq = value.indexOf('=');
  const name = eq < 0 ? '' : value.slice(0, eq).trim().toLowerCase();
  if (!(PLATFORMS as readonly string[]).includes(name)) {
    throw new InvalidArgumentError(
      `expected PLATFORM=URL with PLATFORM one of ${PLATFORMS.join(', ')}, got "${value}"`,
    );
  }
  const raw = value.slice(eq + 1).trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidArgumentError(`expected an http(s) URL after "${name}=", got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidArgumentError(`expected an http(s) URL after "${name}=", got "${raw}"`);
  return { ...previous, [name]: raw.replace(/\/+$/, '') };
}
