import { fileURLToPath } from 'node:url';

// Paths of the package, whether run from electron/service/ (tests), dist/electron/service/ (built) or
// dist/app/ (the desktop app's bundled main process).
const here = fileURLToPath(new URL('.', import.meta.url));
export const packageRoot = here.replace(/[\\/](dist[\\/]app|(dist[\\/])?electron[\\/]service)[\\/]?$/, '');

/** The index shipped with the app, built by `npm run build:index`. */
export const bundledIndexPath = `${packageRoot}/resources/index.sqlite`;
