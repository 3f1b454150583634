/** Runs `work` over `items` with at most `limit` in flight; the first failure stops new work and rejects. */
export async function forEachLimited<T>(
  items: AsyncIterable<T> | Iterable<T>,
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const it = (
    Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : (items as Iterable<T>)[Symbol.iterator]()
  ) as AsyncIterator<T> | Iterator<T>;
  let failed: unknown;
  let failedSet = false;
  const worker = async () => {
    while (!failedSet) {
      const next = await it.next();
      if (next.done) return;
      try {
        await work(next.value);
      } catch (e) {
        if (!failedSet) {
          failedSet = true;
          failed = e;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
  if (failedSet) throw failed;
}
