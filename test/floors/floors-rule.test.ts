import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

/** The floors rule's messages for `code` linted as if it were the file at `path`. */
async function floors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'local/floors').map((m) => m.message);
}

// docs/decisions/floors.md: `npm run lint` fails on an import that crosses a floor the wrong way.
describe('the floors lint rule', () => {
  it('fails storage that imports an engine (the search filters reading the crawler)', async () => {
    const messages = await floors(
      'electron/service/index-db/search/filter-parts.ts',
      "import { toJob } from '../../crawl/to-job.js';\nexport const x = toJob;\n",
    );
    expect(messages).toEqual([
      'Floors: index-db (electron/service/index-db/) may not import crawl (electron/service/crawl/to-job.ts).',
    ]);
  });

  it('fails the service reaching up into the Electron shell, by #room or dynamically', async () => {
    expect(
      await floors('electron/service/user-services/sources.ts', "export { x } from '#shell/main';\n"),
    ).toHaveLength(1);
    expect(
      await floors('electron/service/sync/x.ts', "export const m = () => import('#worker/app-service');\n"),
    ).toHaveLength(1);
  });

  it('fails `electron` anywhere but the main thread', async () => {
    expect(
      await floors('electron/worker/app-service.ts', "import { app } from 'electron';\nexport const a = app;\n"),
    ).toEqual(['Floors: only the Electron main thread (electron/shell/) imports `electron`.']);
    expect(await floors('electron/shell/menu.ts', "import { app } from 'electron';\nexport const a = app;\n")).toEqual(
      [],
    );
  });

  it('fails a migration that reads live code, and live code that reads a migration', async () => {
    expect(
      await floors(
        'electron/service/index-db/migrations/0099-x.ts',
        "export { SHIPPED_RATES } from '#shared/pay/exchange-rates';\n",
      ),
    ).toHaveLength(1);
    expect(
      await floors(
        'electron/service/index-db/write/x.ts',
        "export { m0007ComparablePay } from '../migrations/0007-comparable-pay.js';\n",
      ),
    ).toHaveLength(1);
    expect(
      await floors(
        'electron/service/index-db/migrations/0099-x.ts',
        "export type { Migration } from '../../sqlite/migrate.js';\n",
      ),
    ).toEqual([]);
  });

  it('lets the main thread see only the protocol of the worker', async () => {
    expect(
      await floors('electron/shell/x.ts', "export type { WireRequest } from '#worker/service-protocol';\n"),
    ).toEqual([]);
    expect(await floors('electron/shell/x.ts', "export { openAppService } from '#worker/app-service';\n")).toHaveLength(
      1,
    );
  });

  it('allows imports downward and within a room', async () => {
    const ok =
      "import { fold } from '#shared/text/fold';\nimport { cityName } from '../../text/city-names.js';\nimport { x } from './y.js';\nexport const z = [fold, cityName, x];\n";
    expect(await floors('electron/service/index-db/search/filter-parts.ts', ok)).toEqual([]);
  });
});
