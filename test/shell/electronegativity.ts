import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../helpers/built-dist.js';

const require = createRequire(import.meta.url);

/** What the shell is: everything Electron loads, main, preload and renderer. */
export const SCANNED = ['electron/shell', 'electron/shell/preload', 'renderer'];
/** The findings the project accepts, each with its reason: a table in this decision file. */
export const JUSTIFICATIONS_FILE = 'docs/decisions/electron-security.md';
/** Findings at or below this are informative only. */
const LOW = 1;

export interface Finding {
  id: string;
  severity: string;
  confidence: string;
  /** Relative to the repository root; `(global)` for whole-app checks. */
  file: string;
  line: number;
  description: string;
}

interface RawIssue {
  id: string;
  file: string;
  location: { line: number };
  severity: { value: number; name: string };
  confidence: { name: string };
  description: string;
}

type Run = (
  opts: Record<string, unknown>,
) => Promise<{ issues: RawIssue[]; errors: { file: string; message: string; tolerable: boolean }[] }>;

/**
 * Runs @doyensec/electronegativity (its API: its CLI needs commander 2 and the project's is 14)
 * over one copy of the shell's sources, so whole-app checks see main, preload and renderer
 * together. `.cts` files are scanned as `.ts` (the tool only knows .ts/.tsx) and reported under
 * their own names. The release-list check is left out: it downloads Electron's release notes.
 */
export async function scanShell(): Promise<{ findings: Finding[]; parseErrors: string[] }> {
  const run = require('@doyensec/electronegativity') as Run;
  const electronVersion = (require('electron/package.json') as { version: string }).version;
  const dir = mkdtempSync(join(tmpdir(), 'jobindex-electronegativity-'));
  try {
    for (const part of SCANNED)
      if (existsSync(join(root, part))) cpSync(join(root, part), join(dir, part), { recursive: true });
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.cts'))
        renameSync(join(entry.parentPath, entry.name), join(entry.parentPath, `${entry.name}.ts`));
    }
    const result = await run({
      input: dir,
      isRelative: true,
      electronVersionOverride: electronVersion,
      excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
    });
    const name = (file: string) =>
      file === 'N/A' ? '(global)' : file.replace(/\\/g, '/').replace(/\.cts\.ts$/, '.cts');
    return {
      findings: result.issues
        .filter((i) => i.severity.value > LOW)
        .map((i) => ({
          id: i.id,
          severity: i.severity.name,
          confidence: i.confidence.name,
          file: name(i.file),
          line: i.location.line,
          description: i.description,
        })),
      parseErrors: result.errors.filter((e) => !e.tolerable).map((e) => `${name(e.file)}: ${e.message}`),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The accepted findings: rows `| \`CHECK_ID\` | \`file\` | why |` of the decision file's table. */
export function readJustifications(): { id: string; file: string }[] {
  const text = readFileSync(join(root, JUSTIFICATIONS_FILE), 'utf8');
  return [...text.matchAll(/^\|\s*`([A-Z_]+)`\s*\|\s*`([^`]+)`\s*\|[^|\n]*\S[^|\n]*\|\s*$/gm)].map((m) => ({
    id: m[1]!,
    file: m[2]!,
  }));
}
