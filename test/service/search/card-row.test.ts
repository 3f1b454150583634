// Search pages read rows as arrays and name the columns themselves (cardRowOf): the names must
// be the ones SQLite gives the same columns, for every column of CARD_COLUMNS.
import { afterAll, expect, it } from 'vitest';
import { CARD_COLUMNS, cardRowOf } from '../../../electron/service/index-db/search/card-row.js';
import { openFixture } from '../../helpers/fixture.js';

const h = openFixture();
afterAll(() => h.close());

it('cardRowOf names each column as SQLite does, in CARD_COLUMNS order', () => {
  const sql = `SELECT ${CARD_COLUMNS} FROM jobs j ORDER BY j.rid LIMIT 500`;
  const objects = h.db.prepare(sql).all() as Array<Record<string, unknown>>;
  const arrays = h.db.prepare(sql).raw(true).all() as unknown[][];
  expect(arrays[0]).toHaveLength(Object.keys(objects[0]!).length);
  // A swap of two columns shows wherever their values differ.
  expect(arrays.map(cardRowOf)).toEqual(objects);
});
