import { DirectoryService } from '#shared/gen/svc/directory/v1/directory_pb';
import { HidingService } from '#shared/gen/svc/hiding/v1/hiding_pb';
import { ReportsService } from '#shared/gen/svc/reports/v1/reports_pb';
import { SavedJobsService } from '#shared/gen/svc/saved/v1/saved_pb';
import { SavedSearchesService } from '#shared/gen/svc/searches/v1/searches_pb';
import { SettingsService } from '#shared/gen/svc/settings/v1/settings_pb';
import { SourcesService } from '#shared/gen/svc/sources/v1/sources_pb';
import type { Routes } from '../rpc/router.js';
import { directoryService } from './directory-service.js';
import { hidingService } from './hiding-service.js';
import { reportsService } from './reports-service.js';
import { savedJobsService } from './saved-jobs-service.js';
import { savedSearchesService } from './saved-searches-service.js';
import { settingsService } from './settings-service.js';
import { sourcesService } from './sources-service.js';
import type { UserContext } from './user-context.js';

/** The services over the user's own file (saved jobs, searches, hiding, reports, followed boards). */
export function userRoutes(ctx: UserContext): Routes {
  return (router) => {
    router
      .service(SavedJobsService, savedJobsService(ctx))
      .service(SavedSearchesService, savedSearchesService(ctx))
      .service(HidingService, hidingService(ctx))
      .service(ReportsService, reportsService(ctx));
    // Followed boards, where this process can crawl into the index (docs/decisions/sources.md).
    if (ctx.sources) router.service(SourcesService, sourcesService(ctx.sources, ctx.index));
    // The shipped board directory, searched offline (docs/decisions/board-directory.md).
    if (ctx.sources) router.service(DirectoryService, directoryService(ctx.sources));
    // The Settings screen, where something shows it (the app, `jobindex serve --user-data`).
    if (ctx.place) router.service(SettingsService, settingsService(ctx, ctx.place));
  };
}
