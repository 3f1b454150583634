// npm run bench:nulls — what writing `"salary": null` costs a JSON answer: JobsService.List,
// 100 cards, through the router with and without the nullsInJson wrapper, alternated; medians.
import { createConnectRouter } from '@connectrpc/connect';
import { openIndex } from '#service/index-db/open-index';
import { createIndexContext } from '../electron/service/index-services/index-context.js';
import { indexRoutes } from '#service/index-services/routes';
import { bundledIndexPath } from '#service/paths';
import { fieldErrors } from '../electron/service/rpc/field-errors.js';
import { invokeUnary } from '#service/rpc/invoke';
import { createHandlers } from '../electron/service/rpc/router.js';
import { strictHandler } from '../electron/service/rpc/strict-handler.js';

const db = openIndex(process.env.BENCH_INDEX ?? bundledIndexPath, { readonly: true });
const routes = indexRoutes(createIndexContext(db));
const withNulls = createHandlers(routes);
const plain = createConnectRouter({
  connect: true,
  grpc: false,
  grpcWeb: false,
  interceptors: [fieldErrors],
  jsonOptions: { ignoreUnknownFields: true, alwaysEmitImplicit: true },
});
routes(plain);
const without = new Map(plain.handlers.map((h) => [h.requestPath, strictHandler(h)]));

const path = '/svc.jobs.v1.JobsService/List';
const bodies = ['engineer', 'nurse', 'manager', 'sales', 'data'].map((q) =>
  new TextEncoder().encode(JSON.stringify({ query: { query: q, limit: 100 } })),
);
const times: Record<'with' | 'without', number[]> = { with: [], without: [] };
for (let i = 0; i < 600; i++) {
  for (const [name, handlers] of [
    ['without', without],
    ['with', withNulls],
  ] as const) {
    const t = process.hrtime.bigint();
    const res = await invokeUnary(handlers, { path, body: bodies[i % bodies.length]! });
    if (res.status !== 200) throw new Error(`List answered ${res.status}`);
    if (i >= 100) times[name].push(Number(process.hrtime.bigint() - t) / 1e6);
  }
}
const median = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!;
console.log(
  `List, 100 cards, JSON: median without nullsInJson ${median(times.without).toFixed(3)} ms, with ${median(times.with).toFixed(3)} ms (${times.with.length} runs each)`,
);
db.close();
