import type { MessageInitShape } from '@bufbuild/protobuf';
import type { ServiceImpl } from '@connectrpc/connect';
import type { SettingsSchema, SettingsService } from '#shared/gen/svc/settings/v1/settings_pb';
import { FieldError } from '#shared/rules/field-error';
import { THEME_KEY, THEMES, type Theme } from '#shared/rules/theme';
import { isOneOf } from '#shared/rules/vocabulary';
import {
  DEFAULT_EVERY_MINUTES,
  parseSyncUpstream,
  SYNC_UPSTREAM_KEY,
  type SyncUpstream,
} from '../sync/sync-settings.js';
import type { SettingsPlace, UserContext } from './user-context.js';

/** The stored upstream, or why it cannot be read (a hand-edited file). */
function storedUpstream(ctx: UserContext): { upstream?: SyncUpstream; problem?: string } {
  try {
    const upstream = parseSyncUpstream(ctx.settings.get(SYNC_UPSTREAM_KEY));
    return upstream ? { upstream } : {};
  } catch (e) {
    return { problem: e instanceof FieldError ? `${e.field}: ${e.problem}` : String(e) };
  }
}

/** The request's upstream, checked by the same rule the scheduler reads it with, named as this request names it. */
function upstreamToStore(url: string, everyMinutes: number | undefined): SyncUpstream {
  try {
    return parseSyncUpstream({ url: url.trim(), everyMinutes: everyMinutes ?? DEFAULT_EVERY_MINUTES })!;
  } catch (e) {
    if (e instanceof FieldError) throw new FieldError(e.field.replace(`${SYNC_UPSTREAM_KEY}.`, ''), e.problem);
    throw e;
  }
}

/** SettingsService: the Settings screen's reads and writes (docs/decisions/settings.md). */
export function settingsService(ctx: UserContext, place: SettingsPlace): ServiceImpl<typeof SettingsService> {
  const settings = (): MessageInitShape<typeof SettingsSchema> => {
    const { upstream, problem } = storedUpstream(ctx);
    const theme = ctx.settings.get<string>(THEME_KEY);
    return {
      ...(upstream ? { upstreamUrl: upstream.url } : {}),
      everyMinutes: upstream?.everyMinutes ?? DEFAULT_EVERY_MINUTES,
      theme: theme !== undefined && isOneOf(THEMES, theme) ? theme : 'system',
      indexFile: place.indexFile,
      userFile: place.userFile,
      backgroundSync: place.backgroundSync,
      ...(problem ? { upstreamProblem: problem } : {}),
    };
  };
  return {
    get: () => ({ settings: settings() }),
    setUpstream(req) {
      if (req.url.trim() === '') {
        ctx.settings.set(SYNC_UPSTREAM_KEY, undefined);
      } else {
        ctx.settings.set(SYNC_UPSTREAM_KEY, upstreamToStore(req.url, req.everyMinutes));
        // Reports that waited for an upstream may go now.
        ctx.outbox.wakeAll();
        ctx.sender.kick();
      }
      return { settings: settings() };
    },
    setTheme(req) {
      if (!isOneOf(THEMES, req.theme))
        throw new FieldError('theme', `must be one of ${THEMES.join(', ')}, got ${JSON.stringify(req.theme)}`);
      ctx.settings.set(THEME_KEY, req.theme satisfies Theme);
      return { settings: settings() };
    },
  };
}
