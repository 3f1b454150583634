// Preloaded into a process (`node --import`): at exit, writes every module it loaded, one file URL
// or path a line, to the file named by JOBINDEX_MODULE_TRACE. ES modules are seen by a load hook
// (it runs on the loader's own thread, so it appends as it goes); CommonJS ones by require's cache.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const out = process.env.JOBINDEX_MODULE_TRACE;
if (out) {
  register(
    `data:text/javascript,${encodeURIComponent(`
      import { appendFileSync } from 'node:fs';
      export async function load(url, context, next) {
        if (url.startsWith('file:')) appendFileSync(${JSON.stringify(out)}, 'esm ' + url + '\\n');
        return next(url, context);
      }`)}`,
  );
  const cache = createRequire(import.meta.url).cache;
  process.on('exit', () => {
    const cjs = Object.keys(cache).map((p) => `cjs ${p}\n`);
    appendFileSync(out, cjs.join(''));
  });
}
