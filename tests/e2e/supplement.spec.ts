/**
 * The supplementary-information dialog as 赵敏 (E1006) meets it: she comes from data source 1
 * without an ID card or email. This file runs before every other one (the `first` project of
 * playwright.config.ts): other files complete her profile so that the dialog stays out of
 * their way, and after that it never opens for her again.
 */
import { expect, test } from '@playwright/test';
import { dialogHostReady, PASSWORD, signInAs, userName } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('E1006 completes the missing ID card and email in the supplementary dialog', async ({ page }) => {
  await signInAs(page, 'E1006', PASSWORD);
  const dialog = page.getByRole('dialog', { name: '完善个人信息' });
  await expect(dialog).toBeVisible();

  // Closing it is allowed; it asks again on the next page.
  await dialog.getByRole('button', { name: '稍后填写' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(dialog).toBeVisible();

  const idCard = dialog.getByLabel('身份证号');
  await idCard.fill('110105194912310021');
  await dialog.getByLabel('邮箱').focus();
  await expect(dialog.getByText('请输入正确的身份证信息')).toBeVisible();
  await idCard.fill('11010519491231002X');
  await dialog.getByLabel('邮箱').fill('zhao.min@');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('请输入正确的邮箱')).toBeVisible();
  await expect(idCard).toHaveValue('11010519491231002X');

  await dialog.getByLabel('邮箱').fill('zhao.min@xingchen.example.com');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByRole('banner')).toContainText(userName('E1006'));
  await dialogHostReady(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
