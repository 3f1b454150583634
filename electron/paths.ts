import { fileURLToPath } from 'node:url';

// Paths of the package, whether run from electron/ (tsx, tests) or dist/electron/ (built).
const here = fileURLToPath(new URL('.', import.meta.url));
export const packageRoot = here.replace(/[\\/](dist[\\/])?electron[\\/]?$/, '');

/** The index shipped with the app, built by `npm run build:index`. */
export const bundledIndexPath = `${packageRoot}/resources/index.sqlite`;
