// A read worker that ends its thread on a request carrying `x-crash-worker`, as a worker
// crashing mid-request would (read-workers.test.ts); otherwise it is the real one from dist/.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (job) => {
  if (job.headers['x-crash-worker']) process.exit(7);
});
await import(new URL('../../dist/electron/server/read-worker.js', import.meta.url).href);
