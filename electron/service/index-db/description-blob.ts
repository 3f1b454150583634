import { createRequire } from 'node:module';
import type * as Zstd from 'zstd-napi';

// Stored descriptions (issue 28; docs/decisions/index-size.md): a zstd frame where that is
// smaller, else the text itself. Either reads back as the text, so a file written before
// migration 0024 (all text) and one half way through its repacking read the same.

/** Shorter texts gain little and cost a frame header; they stay text. */
const MIN_CHARS = 96;
const LEVEL = 3;

let zstd: typeof Zstd | undefined;
let packer: Zstd.Compressor | undefined;
let unpacker: Zstd.Decompressor | undefined;
// Loaded at the first description, not at the service's open (a native module).
const lib = () => (zstd ??= createRequire(import.meta.url)('zstd-napi') as typeof Zstd);

/** What job_descriptions.html stores for `html`: a zstd frame (a Buffer) or the text. */
export function packDescription(html: string): string | Buffer {
  if (html.length < MIN_CHARS) return html;
  if (!packer) {
    packer = new (lib().Compressor)();
    packer.setParameters({ compressionLevel: LEVEL });
  }
  const text = Buffer.from(html, 'utf8');
  const z = packer.compress(text);
  return z.length < text.length ? z : html;
}

/** The description's HTML from what job_descriptions.html holds (a zstd frame or the text). */
export function unpackDescription(stored: string | Uint8Array | null | undefined): string {
  if (stored === null || stored === undefined) return '';
  if (typeof stored === 'string') return stored;
  unpacker ??= new (lib().Decompressor)();
  return unpacker.decompress(stored).toString('utf8');
}
