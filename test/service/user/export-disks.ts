import { createWriteStream, type WriteStream } from 'node:fs';
import { Writable } from 'node:stream';

// Stand-ins for the disk under an export (ExportFileOptions.open): each writes the real partial
// file, so tests can see what is left behind, but can hold writes back or fail like a real disk.

function errno(code: string, message: string, syscall: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${message}, ${syscall}`), { code, syscall });
}

/** A Writable over a real file whose writes go through `write`. */
function over(
  path: string,
  write: (file: WriteStream, chunk: Buffer, cb: (e?: Error | null) => void) => void,
): Writable {
  const file = createWriteStream(path);
  return new Writable({
    write: (chunk: Buffer, _enc, cb) => write(file, chunk, cb),
    final: (cb) => file.end(cb),
    destroy: (err, cb) => {
      file.destroy();
      if (file.closed) cb(err);
      else file.once('close', () => cb(err));
    },
  });
}

/** A disk that takes nothing until `release()`: the export stalls on backpressure. */
export function slowDisk(): { open: (path: string) => Writable; release(): void; bytes(): number } {
  let released = false;
  let bytes = 0;
  const held: Array<() => void> = [];
  return {
    open: (path) =>
      over(path, (file, chunk, cb) => {
        const go = () => {
          bytes += chunk.byteLength;
          file.write(chunk, cb);
        };
        if (released) go();
        else held.push(go);
      }),
    release() {
      released = true;
      for (const go of held.splice(0)) go();
    },
    bytes: () => bytes,
  };
}

/** A disk that fills up after `capacity` bytes (ENOSPC, as write(2) reports it). */
export function diskFullAfter(capacity: number): { open: (path: string) => Writable; bytes(): number } {
  let bytes = 0;
  return {
    open: (path) =>
      over(path, (file, chunk, cb) => {
        if (bytes + chunk.byteLength > capacity) return cb(errno('ENOSPC', 'no space left on device', 'write'));
        bytes += chunk.byteLength;
        file.write(chunk, cb);
      }),
    bytes: () => bytes,
  };
}

/** A folder the user may not write to: EACCES on open (chmod cannot show it to root, and tests may run as root). */
export function deniedDisk(): { open: (path: string) => Writable } {
  return {
    open: (path) => {
      const w = new Writable({ write: (_c, _e, cb) => cb() });
      process.nextTick(() => w.destroy(errno('EACCES', `permission denied, open '${path}'`, 'open')));
      return w;
    },
  };
}
