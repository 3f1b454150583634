import { rmSync } from 'node:fs';
import { rolldown } from 'rolldown';

/**
 * Packages whose running code finds its own files by `__dirname` (piscina, the crawl's mapping
 * pool, its worker script), which an ES module bundle has no way to give them: they stay imports
 * in every bundle. pino is bundled: only its transports look for files, and none is used.
 */
export const SELF_LOCATING = ['piscina'];

/**
 * Bundles `entry` (a built ES module, or several sharing chunks) into `outDir` (emptied first), its dynamic imports as
 * chunks beside it; `external` packages stay imports, resolved from there at run time.
 */
export async function bundleEntry(
  entry: string | string[],
  outDir: string,
  external: string[],
  /** Each chunk's file name → the modules it holds (absolute paths), for tests that check what a run loads. */
  onChunks?: (chunks: Record<string, string[]>) => void,
): Promise<string> {
  rmSync(outDir, { recursive: true, force: true });
  const build = await rolldown({
    input: entry,
    platform: 'node',
    external: [...external, ...SELF_LOCATING],
    logLevel: 'warn',
  });
  try {
    const { output } = await build.write({ dir: outDir, format: 'esm', entryFileNames: '[name].js' });
    onChunks?.(Object.fromEntries(output.flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o.moduleIds]] : []))));
    return `${outDir}/${output[0].fileName}`;
  } finally {
    await build.close();
  }
}
