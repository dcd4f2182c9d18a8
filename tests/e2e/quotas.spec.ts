/**
 * Quotas as a member meets them: a picture uploaded past the hourly upload limit is refused with
 * the gateway's message (429, shown as a toast) and the question being written stays as typed.
 * 王磊 (E1003) uploads nothing in any other file, so his hour is this test's alone.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Code } from '../../src/api/codes';
import { endpoints } from '../../src/api/endpoints';
import { signIn, tokenFor } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

const PICTURE = 'public/media/demo/guide-1.jpg';

test('a picture past the hourly upload limit shows why and when to try again, and the question keeps what was typed', async ({ page, request }) => {
  test.slow();
  // The hour's uploads used up through the call itself, as another tab would.
  const token = await tokenFor(request, 'E1003');
  const buffer = readFileSync(PICTURE);
  let refusal: { status: number; code: number; msg: string } | undefined;
  for (let i = 0; i < 100 && !refusal; i++) {
    const res = await request.post(`/gateway/${endpoints.uploadPic.path}`, {
      headers: { token },
      multipart: { file: { name: 'guide.jpg', mimeType: 'image/jpeg', buffer } },
    });
    const body = (await res.json()) as { code: number; msg: string };
    if (body.code !== Code.OK) refusal = { status: res.status(), ...body };
  }
  expect(refusal).toMatchObject({ status: Code.TOO_MANY_REQUESTS, code: Code.TOO_MANY_REQUESTS });
  expect(refusal?.msg).toMatch(/^每小时最多上传 \d+ 个文件，请 \d+ 分钟后再试$/);

  await signIn(page, 'E1003');
  await page.goto('/community?tab=question');
  await page.getByRole('button', { name: '我要提问' }).click();
  const dialog = page.getByRole('dialog', { name: '我要提问' });
  const title = `车间看板的照片怎么整理？${Date.now().toString(36)}`;
  const details = '第一行：照片太多\n第二行：想按班组分类';
  await dialog.getByLabel('标题').fill(title);
  await dialog.getByLabel('补充说明（选填）').fill(details);

  await dialog.locator('input[type=file]').setInputFiles(PICTURE);
  await expect(page.getByText(refusal!.msg)).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('标题')).toHaveValue(title);
  await expect(dialog.getByLabel('补充说明（选填）')).toHaveValue(details);
  await expect(dialog.getByRole('img', { name: '第 1 张图片' })).toHaveCount(0);

  // The question still goes out, without the picture.
  await dialog.getByRole('button', { name: '发布' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('article', { name: title })).toContainText('第二行：想按班组分类');
});
