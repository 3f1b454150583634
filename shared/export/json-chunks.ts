// JSON exports written as they are read: neither format holds more than one row at a time.

/** One JSON array, an element per line, streamed. */
export async function* jsonArrayChunks<R>(
  rows: AsyncIterable<R> | Iterable<R>,
  toJson: (row: R) => unknown,
): AsyncGenerator<string> {
  let first = true;
  for await (const row of rows) {
    yield `${first ? '[\n' : ',\n'}${JSON.stringify(toJson(row))}`;
    first = false;
  }
  yield first ? '[]\n' : '\n]\n';
}

/** Newline-delimited JSON: one object per line. */
export async function* ndjsonChunks<R>(
  rows: AsyncIterable<R> | Iterable<R>,
  toJson: (row: R) => unknown,
): AsyncGenerator<string> {
  for await (const row of rows) yield `${JSON.stringify(toJson(row))}\n`;
}
