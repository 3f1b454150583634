import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { bundledDirectoryPath, writeDirectoryFile } from '#service/directory/directory-file';
import { packageRoot } from '#service/paths';
import { mergeBoards, type MergeReport } from './merge-boards.js';
import { readSources } from './read-sources.js';
import { NOTICE } from './notice.js';

/** Reads the four public directories under `sourcesDir`, writes the shipped directory and its licence notice. */
export function buildDirectory(
  sourcesDir: string,
  outFile: string = bundledDirectoryPath,
): MergeReport & { perPlatform: Record<string, number>; bytes: number } {
  const { boards, report } = mergeBoards(readSources(sourcesDir));
  const file = writeDirectoryFile(boards);
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, file);
  writeFileSync(`${dirname(outFile)}/LICENSES.md`, NOTICE);
  const perPlatform: Record<string, number> = {};
  for (const b of boards) perPlatform[b.platform] = (perPlatform[b.platform] ?? 0) + 1;
  return { ...report, perPlatform, bytes: file.length };
}

// `npm run build:directory [-- SOURCES_DIR]`: default ../shared/data/directory beside the checkout.
if (process.argv[1] && resolve(process.argv[1]).endsWith('build-directory.js')) {
  const src = resolve(process.argv[2] ?? `${packageRoot}/../shared/data/directory`);
  const r = buildDirectory(src);
  const top = Object.entries(r.perPlatform)
    .sort((a, b) => b[1] - a[1])
    .map(([p, n]) => `${p} ${n}`)
    .join(', ');
  process.stdout.write(
    `Read ${r.rows.toLocaleString('en')} rows from ${src}\n` +
      `Wrote ${r.boards.toLocaleString('en')} boards (${(r.bytes / 1024).toFixed(0)} KiB) to ${bundledDirectoryPath}\n` +
      `Dropped: ${Object.entries(r.dropped)
        .map(([w, n]) => `${n} ${w}`)
        .join('; ')}\n` +
      `Per platform: ${top}\n`,
  );
}
