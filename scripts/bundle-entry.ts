import { rmSync } from 'node:fs';
import { rolldown } from 'rolldown';

/**
 * Bundles `entry` (a built ES module, or several sharing chunks) into `outDir` (emptied first), its dynamic imports as
 * chunks beside it; `external` packages stay imports, resolved from there at run time.
 */
export async function bundleEntry(entry: string | string[], outDir: string, external: string[]): Promise<string> {
  rmSync(outDir, { recursive: true, force: true });
  const build = await rolldown({ input: entry, platform: 'node', external, logLevel: 'warn' });
  try {
    const { output } = await build.write({ dir: outDir, format: 'esm', entryFileNames: '[name].js' });
    return `${outDir}/${output[0].fileName}`;
  } finally {
    await build.close();
  }
}
