import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { directoryEntries, readDirectoryFile, readDirectoryBytes } from '#service/directory/directory-file';
import { DirectorySearch } from '#service/directory/directory-search';

// The app reads the shipped directory on the thread that answers searches: it is built a slice at
// a time with turns between (issue 28: no stall over 100 ms), and must answer as one built at once.
const HEADER = '#jobindex-board-directory 1\tplatform\tkey\ttoken\tname\tregion\tsources';
const names = ['Acme Labs', 'Zürich Bank', 'Acme Robotics', 'Nova', '10x Genomics', 'Acme'];
const lines = Array.from({ length: 120 }, (_, i) =>
  [
    'greenhouse',
    '',
    `board${i}`,
    `${names[i % names.length]} ${i}`,
    i % 7 === 0 ? 'eu' : '',
    'fk'.slice(0, 1 + (i % 2)),
  ].join('\t'),
);
const text = [HEADER, ...lines, ''].join('\n');
const dir = mkdtempSync(join(tmpdir(), 'directory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the directory built in turns', () => {
  it('answers every search as the directory built at once', async () => {
    const file = join(dir, 'boards.tsv.gz');
    writeFileSync(file, gzipSync(text));
    const once = new DirectorySearch(readDirectoryFile(file));
    const turns = await DirectorySearch.inTurns(directoryEntries(await readDirectoryBytes(file), file), 7);
    expect(turns.entries).toEqual(once.entries);
    // Each line is decoded alone: a name beyond ASCII reads back whole.
    expect(turns.entries[1]!.name).toBe('Zürich Bank 1');
    for (const q of ['acme', 'zurich', '10xgen', 'nova 3', 'acme robotics 1', 'nothing'])
      expect(turns.search(q, { limit: 500 })).toEqual(once.search(q, { limit: 500 }));
    expect(turns.search('acme').length).toBeGreaterThan(0);
  });

  it('lets other work run between its slices', async () => {
    let ranBetween = false;
    setImmediate(() => (ranBetween = true));
    await DirectorySearch.inTurns(directoryEntries(Buffer.from(text), 'f'), 10);
    expect(ranBetween).toBe(true);
  });

  it('names the line that is not a board, as the file reader does', () => {
    const bad = [HEADER, lines[0], '', 'greenhouse\tonly three\tfields', ''].join('\n');
    expect(() => [...directoryEntries(Buffer.from(bad), 'x.tsv.gz')]).toThrow(
      'board directory x.tsv.gz: line 4 is not platform, key, token, name, region, sources',
    );
    expect(() => [...directoryEntries(Buffer.from('not a directory\n'), 'x.tsv.gz')]).toThrow(
      'not a board directory (line 1)',
    );
  });

  it('says which file could not be read', async () => {
    await expect(readDirectoryBytes(join(dir, 'missing.tsv.gz'))).rejects.toThrow(/board directory .*missing\.tsv\.gz/);
  });
});
