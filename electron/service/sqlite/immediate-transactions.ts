import type Database from 'better-sqlite3';

/**
 * Makes every `db.transaction(fn)()` of a writable connection begin IMMEDIATE: the write lock is
 * taken up front, where SQLite's busy timeout applies, so a second writer waits its turn. A
 * deferred transaction that reads first and then writes fails at once with "database is locked"
 * when another process wrote meanwhile (the timeout never applies to that upgrade). Nested calls
 * stay savepoints, as better-sqlite3 makes them.
 */
export function immediateTransactions(db: Database.Database): Database.Database {
  const plain = db.transaction.bind(db);
  db.transaction = ((fn: (...args: never[]) => unknown) => {
    const t = plain(fn);
    return Object.assign((...args: never[]) => t.immediate(...args), {
      default: t.immediate,
      deferred: t.deferred,
      immediate: t.immediate,
      exclusive: t.exclusive,
      database: db,
    });
  }) as unknown as typeof db.transaction;
  return db;
}
