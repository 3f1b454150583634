import { FileBusy, isBusy, noteWriter, writerOf } from '#service/sqlite/busy';

/**
 * A command that writes an index (`sync`, `crawl`) while it runs: Ctrl-C and SIGTERM stop it at
 * the next safe point, and another writer that finds the file busy can say who holds it.
 */
export interface IndexRun {
  signal: AbortSignal;
  /**
   * The error the command reports: a stop exits 130 saying how to resume; a busy file names its
   * writer; `explain` turns the command's own errors into words first.
   */
  failure(e: unknown, explain?: (e: unknown) => Error | undefined): unknown;
  end(): void;
}

export function startIndexRun(file: string, command: 'sync' | 'crawl'): IndexRun {
  const abort = new AbortController();
  const stop = () => abort.abort(new Error('interrupted'));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const unnote = noteWriter(file, `jobindex ${command}`);
  return {
    signal: abort.signal,
    failure(e, explain) {
      if (abort.signal.aborted) {
        process.stderr.write(`jobindex: ${command} interrupted; run the same command again to resume\n`);
        process.exit(130);
      }
      if (isBusy(e)) return new FileBusy(file, writerOf(file));
      return explain?.(e) ?? e;
    },
    end() {
      unnote();
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}
