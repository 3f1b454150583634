import { fromBinary, toBinary } from '@bufbuild/protobuf';
import type { Page } from '@playwright/test';
import { GetResponseSchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { expect, test } from './support/app.js';
import { HOSTILE_HTML, HOSTILE_JOB } from './support/fixture-jobs.js';

async function expectInertDescription(page: Page) {
  const description = page.getByTestId('description');
  // The harmless parts survive: the text, and the https link (opening outside the app).
  await expect(description).toContainText('Read this before you apply.');
  await expect(description).toContainText('Click to continue');
  const safe = description.getByRole('link', { name: 'Our careers page' });
  await expect(safe).toHaveAttribute('href', 'https://careers.example.com/apply');
  await expect(safe).toHaveAttribute('target', '_blank');
  await expect(safe).toHaveAttribute('rel', /noopener/);

  // Try every trigger a user could pull.
  await description.getByText('Click to continue').click();
  await description.getByText('Apply here').click();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  await expect(page.locator('body')).toBeVisible();
  expect(page.url()).not.toContain('evil');

  const found = await description.evaluate((root) => {
    const bad: string[] = [];
    for (const el of root.querySelectorAll('*')) {
      if (/^(script|iframe|img|svg|math|form|input|style|base|object|embed|details)$/i.test(el.localName))
        bad.push(`<${el.localName}>`);
      for (const a of el.attributes) {
        if (a.name.startsWith('on') || a.name === 'style' || a.name === 'srcdoc')
          bad.push(`${el.localName}[${a.name}]`);
        if (a.name === 'href' && !/^(https?:|mailto:)/i.test(a.value)) bad.push(`href=${a.value}`);
      }
    }
    return bad;
  });
  expect(found).toEqual([]);
}

test('a hostile description from the index renders inert', async ({ page }) => {
  await page.goto(`/#/jobs?job=${HOSTILE_JOB.id}`);
  await expect(page.getByRole('heading', { level: 2 })).toContainText(HOSTILE_JOB.title);
  await expectInertDescription(page);
});

test('a hostile description that skipped the server sanitizer is still inert (the renderer DOMPurify pass)', async ({
  page,
}) => {
  // Stand in for an older or compromised service: put the raw markup back into the answer.
  let rewritten = 0;
  await page.route('**/svc.jobs.v1.JobsService/Get', async (route) => {
    const res = await route.fetch();
    const msg = fromBinary(GetResponseSchema, await res.body());
    msg.description = HOSTILE_HTML;
    rewritten++;
    const headers = { ...res.headers() };
    delete headers['content-length']; // the body changed size
    await route.fulfill({ status: res.status(), headers, body: Buffer.from(toBinary(GetResponseSchema, msg)) });
  });
  await page.goto(`/#/jobs?job=${HOSTILE_JOB.id}`);
  await expect(page.getByRole('heading', { level: 2 })).toContainText(HOSTILE_JOB.title);
  await expectInertDescription(page);
  expect(rewritten).toBeGreaterThan(0);
});
