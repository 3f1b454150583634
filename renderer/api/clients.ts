import { createClient, type Client } from '@connectrpc/connect';
import { createTransport } from '#platform/transport';
import { CompaniesService } from '#shared/gen/svc/companies/v1/companies_pb';
import { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { MetaService } from '#shared/gen/svc/meta/v1/meta_pb';
import { SpellingService } from '#shared/gen/svc/spelling/v1/spelling_pb';
import { HidingService } from '#shared/gen/svc/hiding/v1/hiding_pb';
import { ReportsService } from '#shared/gen/svc/reports/v1/reports_pb';
import { SavedJobsService } from '#shared/gen/svc/saved/v1/saved_pb';
import { SavedSearchesService } from '#shared/gen/svc/searches/v1/searches_pb';
import { SettingsService } from '#shared/gen/svc/settings/v1/settings_pb';
import { SourcesService } from '#shared/gen/svc/sources/v1/sources_pb';
import { DirectoryService } from '#shared/gen/svc/directory/v1/directory_pb';
import { useConnection } from '../state/connection-store.js';
import { retryingOverloaded } from './retry-overloaded.js';
import { watched } from './watched-transport.js';

// One transport for the whole renderer: HTTP to `jobindex serve` in a browser, IPC in Electron.
const transport = watched(retryingOverloaded(createTransport()), (reachable) => useConnection.setState({ reachable }));

export const jobsClient: Client<typeof JobsService> = createClient(JobsService, transport);
export const companiesClient: Client<typeof CompaniesService> = createClient(CompaniesService, transport);
export const metaClient: Client<typeof MetaService> = createClient(MetaService, transport);
export const spellingClient: Client<typeof SpellingService> = createClient(SpellingService, transport);

// The user's own data (the user file): saved jobs, saved searches, hiding, the report outbox.
export const savedClient: Client<typeof SavedJobsService> = createClient(SavedJobsService, transport);
export const searchesClient: Client<typeof SavedSearchesService> = createClient(SavedSearchesService, transport);
export const hidingClient: Client<typeof HidingService> = createClient(HidingService, transport);
export const reportsClient: Client<typeof ReportsService> = createClient(ReportsService, transport);
// The employers' boards the person follows (crawled into the local index).
export const sourcesClient: Client<typeof SourcesService> = createClient(SourcesService, transport);
// The shipped directory of employers' boards, searched offline.
export const directoryClient: Client<typeof DirectoryService> = createClient(DirectoryService, transport);
// The person's settings: the upstream and its schedule, the theme, where the data lives.
export const settingsClient: Client<typeof SettingsService> = createClient(SettingsService, transport);
