import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildIndex } from '#tools/generate/build-index';
import { FIXTURE } from '../helpers/fixture.js';

/** One generated index for the whole run; tests open it read-only or copy it. */
export default function setup(project: TestProject) {
  const dir = join(tmpdir(), `jobindex-test-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'fixture.sqlite');
  buildIndex(file, FIXTURE);
  project.provide('fixtureIndex', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    fixtureIndex: string;
  }
}
