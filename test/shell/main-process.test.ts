import { vi } from 'vitest';
import { describeMainProcess } from './main-process-suite.js';

// Hoisted with the mock, so main and the suite share one stand-in, across vi.resetModules() too.
const fake = await vi.hoisted(() => import('../helpers/fake-electron.js'));
vi.mock('electron', () => fake);

// main.ts from the sources, as tsc compiles it.
describeMainProcess(() => import('../../electron/shell/main.js'));
