import { expect, expectFirstRows, listJobs, openJobs, rows, test } from './support/app.js';

// The posting's own age (docs/decisions/posting-age.md): without text the list is ordered by it
// (the `posted` sort), and a row says "first seen …" (the bundled index states no board dates).
test("rows say when the posting was first seen, ordered by the posting's own age", async ({ page }) => {
  const list = await openJobs(page);
  const expected = await listJobs(page, { filters: { sort: 'posted' }, limit: 5 });
  await expectFirstRows(
    list,
    expected.data.map((j) => j.id),
  );
  await expect(rows(list).first()).toContainText(/first seen .+ ago|first seen now/);
});
