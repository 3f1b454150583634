import type { ServiceImpl } from '@connectrpc/connect';
import type { DirectoryService } from '#shared/gen/svc/directory/v1/directory_pb';
import { FieldError } from '#shared/rules/field-error';
import { bundledDirectory, type DirectorySearch } from '../directory/directory-search.js';
import { boardInputOf, crawlableBoard } from '../directory/select-boards.js';

/** DirectoryService over the shipped board directory (or `directory`, for tests): read once, answered from memory. */
export function directoryService(
  directory: () => Promise<DirectorySearch> = bundledDirectory,
): ServiceImpl<typeof DirectoryService> {
  // Read the file soon after start, not on the first keystroke on Sources (~1 s of CPU for 140k boards).
  setTimeout(() => void directory().catch(() => undefined), 1_000).unref();
  return {
    async search(req) {
      const limit = req.limit === 0 ? 20 : req.limit;
      if (limit < 1 || limit > 200) throw new FieldError('limit', `must be 1 to 200, got ${req.limit}`);
      const dir = await directory();
      const hits = dir.search(req.query, { ...(req.platform ? { platform: req.platform.toLowerCase() } : {}), limit });
      return {
        boards: hits.map((e) => ({
          name: e.name,
          platform: e.platform,
          token: e.token,
          ...(e.region ? { region: e.region } : {}),
          input: boardInputOf(e),
          crawlable: crawlableBoard(e) !== undefined,
          lists: e.sources,
        })),
      };
    },
  };
}
