// What any Node 20 process answering a List through our router pays before our own code runs,
// timed from process start (performance.now()) in a fresh process: Node's boot, better-sqlite3,
// the Connect router's and generated code's libraries, and the first `new Headers()` (Node 20
// loads its whole fetch implementation, undici, on first use; Connect's handlers need Headers).
// Nothing is imported statically, so the first figure is Node's boot alone.
const bootMs = performance.now();
await import('better-sqlite3');
const sqliteMs = performance.now();
await import('@connectrpc/connect');
await import('@bufbuild/protobuf/codegenv2');
await import('@bufbuild/protobuf/wkt');
const connectMs = performance.now();
new Headers();
const headersMs = performance.now();
process.stdout.write(`${JSON.stringify({ bootMs, sqliteMs, connectMs, headersMs })}\n`);
