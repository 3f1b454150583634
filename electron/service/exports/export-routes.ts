import { ExportsService } from '#shared/gen/svc/exports/v1/exports_pb';
import type { Routes } from '../rpc/router.js';
import { exportsService, type ExportsDeps } from './exports-service.js';

/** ExportsService for the desktop app's router only: `jobindex serve` has no save dialog. */
export function exportRoutes(deps: ExportsDeps): Routes {
  return (router) => router.service(ExportsService, exportsService(deps));
}
