import { fileURLToPath } from 'node:url';

// Paths of the package, whether run from electron/service/ (tests), dist/electron/service/ (built),
// dist/app/ (the desktop app's bundled main process) or dist/cli/ (the bundled CLI).
const here = fileURLToPath(new URL('.', import.meta.url));
export const packageRoot = here.replace(/[\\/](dist[\\/](app|cli)|(dist[\\/])?electron[\\/]service)[\\/]?$/, '');

/** The index shipped with the app, built by `npm run build:index`. */
export const bundledIndexPath = `${packageRoot}/resources/index.sqlite`;
