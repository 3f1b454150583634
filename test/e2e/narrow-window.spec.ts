import { expect, jobList, openJobs, rows, test } from './support/app.js';
import { NOTES_JOB } from './support/user-fixtures.js';

// Issue 18 item 16: below the width breakpoint one pane at a time (the list, then the job as its
// own view with Back); at 1280×800 the panes sit side by side.

test.describe('at 800×600', () => {
  test.use({ viewport: { width: 800, height: 600 } });

  test('the list fills the window; an open job is its own view with Back', async ({ page }) => {
    await openJobs(page, '?q=engineer');
    const list = jobList(page);
    const detail = page.getByRole('region', { name: 'Job detail' });
    // No empty "Select a job" placeholder taking space.
    await expect(page.getByText('Select a job to read it here.')).toBeHidden();
    expect((await list.boundingBox())!.height).toBeGreaterThan(400);

    await rows(list).nth(1).click();
    const heading = detail.getByRole('heading', { level: 2 });
    await expect(heading).toBeVisible();
    await expect(list).toBeHidden();
    const box = (await detail.boundingBox())!;
    expect(box.width).toBeGreaterThan(760);
    expect(box.height).toBeGreaterThan(450);
    await page.screenshot({ path: test.info().outputPath('narrow-detail.png') });

    await detail.getByRole('button', { name: 'Back to the list' }).click();
    await expect(list).toBeVisible();
    await expect(heading).toBeHidden();
    await page.screenshot({ path: test.info().outputPath('narrow-list.png') });
  });

  test('on the board an open saved job replaces the columns, and Back brings them back', async ({ page }) => {
    await page.goto('/');
    await page.request.post('/svc.saved.v1.SavedJobsService/Save', {
      data: { jobId: NOTES_JOB.id },
      headers: { 'content-type': 'application/json' },
    });
    await page.goto('/#/saved');
    const board = page.getByRole('region', { name: 'Saved jobs' });
    await board.getByRole('listitem', { name: new RegExp(`^${NOTES_JOB.title} at`) }).click();
    const saved = page.getByRole('region', { name: 'Saved job detail' });
    await expect(saved.getByRole('heading', { level: 2 })).toContainText(NOTES_JOB.title);
    await expect(board).toBeHidden();
    expect((await saved.boundingBox())!.width).toBeGreaterThan(760);
    await saved.getByRole('button', { name: 'Back to the list' }).click();
    await expect(board).toBeVisible();
  });
});

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the list and the open job sit side by side, with no Back button', async ({ page }) => {
    await openJobs(page, '?q=engineer');
    const list = jobList(page);
    await rows(list).first().click();
    const detail = page.getByRole('region', { name: 'Job detail' });
    await expect(detail.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(list).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Back to the list' })).toBeHidden();
    const l = (await list.boundingBox())!;
    const d = (await detail.boundingBox())!;
    expect(d.x).toBeGreaterThanOrEqual(l.x + l.width - 1);
    await page.screenshot({ path: test.info().outputPath('wide-detail.png') });
  });
});
