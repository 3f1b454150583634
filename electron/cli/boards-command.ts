import { Command } from 'commander';
import { readDirectoryFile } from '#service/directory/directory-file';
import { DirectorySearch } from '#service/directory/directory-search';
import { boardInputOf, crawlableBoard } from '#service/directory/select-boards';
import { integer } from './parse.js';
import { printTable } from './output.js';

/** The shipped directory, or `--directory-file` (tests, a directory of one's own). */
export function openDirectory(file?: string): DirectorySearch {
  return new DirectorySearch(file ? readDirectoryFile(file) : readDirectoryFile());
}

const search = new Command('search')
  .description('find employers in the shipped board directory by name (offline, nothing is fetched)')
  .argument('<name...>', 'words of the company name')
  .option('--platform <platform>', 'only boards on this platform (greenhouse, lever, workday, …)')
  .option('--limit <n>', 'at most this many boards', integer, 20)
  .option('--directory-file <file>', 'a board directory other than the shipped one')
  .option('--json', 'print the boards as JSON')
  .action(async (name: string[], o: { platform?: string; limit: number; directoryFile?: string; json?: boolean }) => {
    if (o.limit < 1) throw new Error('--limit must be at least 1');
    const dir = openDirectory(o.directoryFile);
    const hits = dir.search(name.join(' '), {
      ...(o.platform ? { platform: o.platform.toLowerCase() } : {}),
      limit: o.limit,
    });
    const rows = hits.map((e) => ({
      name: e.name,
      platform: e.platform,
      board: boardInputOf(e),
      crawlable: crawlableBoard(e) !== undefined,
      lists: e.sources,
    }));
    if (o.json) {
      process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      return;
    }
    if (rows.length === 0) {
      process.stdout.write(
        `No board in the directory matches "${name.join(' ')}"${o.platform ? ` on ${o.platform}` : ''}.\n`,
      );
      return;
    }
    await printTable(
      ['Company', 'Platform', 'Board', 'Crawl'],
      rows.map((r) => [r.name, r.platform, r.board, r.crawlable ? 'yes' : 'not yet']),
    );
    process.stdout.write(
      `Follow one: jobindex crawl --board ${rows.find((r) => r.crawlable)?.board ?? rows[0]!.board}\n`,
    );
  });

export const boardsCommand = new Command('boards')
  .description("the shipped directory of employers' job boards")
  .addCommand(search);
