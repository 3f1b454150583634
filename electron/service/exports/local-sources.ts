import { createClient } from '@connectrpc/connect';
import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { SavedJobsService } from '#shared/gen/svc/saved/v1/saved_pb';
import { createInMemoryTransport } from '../rpc/in-memory-transport.js';
import type { ExportSources } from './exports-service.js';

/**
 * Export rows read through the router's own JobsService and SavedJobsService, as the CLI and the
 * renderer read them: same rules, same hidden jobs left out, same order.
 */
export function localExportSources(handlers: Map<string, UniversalHandler>): ExportSources {
  // Binary: the walk of a large search is a thousand pages; no JSON to write and parse.
  const t = createInMemoryTransport(handlers, { binary: true });
  const jobs = createClient(JobsService, t);
  const saved = createClient(SavedJobsService, t);
  return { jobs, listSaved: (r) => saved.list(r) };
}
