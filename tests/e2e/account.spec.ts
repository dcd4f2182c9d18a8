import { expect, test, type Page } from '@playwright/test';
import { dialogHostReady, PASSWORD, signIn, signInAs, userName } from './fixtures';

/** The demo account still on its initial password (tenants/localhost.json). */
const INITIAL_PASSWORD = 'Init@2026';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

async function openUserMenu(page: Page, empNo: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: new RegExp(userName(empNo)) }).click();
}

test.describe.serial('E1005: initial password', () => {
  const first = 'Abc@12345';
  const second = 'Xyz#2026ok';

  test('the forced dialog cannot be dismissed, checks every rule, and the change signs the user out', async ({ page }) => {
    await signInAs(page, 'E1005', INITIAL_PASSWORD);
    const dialog = page.getByRole('dialog', { name: '修改初始密码' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: '关闭' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(8, 8);
    await expect(dialog).toBeVisible();

    const newPassword = dialog.getByLabel('新密码');
    const confirm = dialog.getByLabel('确认密码');
    await expect(newPassword).toHaveAttribute('maxlength', '30');
    await expect(confirm).toHaveAttribute('maxlength', '30');

    await dialog.getByRole('button', { name: '确认修改' }).click();
    await expect(dialog.getByText('请输入正确的新密码')).toBeVisible();
    await expect(dialog.getByText('请输入正确的确认密码')).toBeVisible();

    await newPassword.fill('密码Abc12345');
    await confirm.focus();
    await expect(dialog.getByText('密码不能含有中文')).toBeVisible();
    await newPassword.fill('Abc 12345');
    await expect(dialog.getByText('密码不能含有空格')).toBeVisible();
    await newPassword.fill('12345678');
    await expect(dialog.getByText('请输入8至30位字符，包含大小写字母、特殊字符和数字')).toBeVisible();

    await newPassword.fill(first);
    await confirm.fill('Abc@12346');
    await newPassword.focus();
    await expect(dialog.getByText('重复密码与新密码不一致')).toBeVisible();
    await confirm.fill(first);
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    const sent = page.waitForRequest((r) => r.url().includes('/update/init/password'));
    await dialog.getByRole('button', { name: '确认修改' }).click();
    // The browser never knows, or sends, the initial password.
    expect((await sent).postDataJSON()).toEqual({ newPassword: first, confirmPassword: first });
    await expect(page).toHaveURL(/\/login\?t=login$/);
    expect((await page.context().cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')).toBeUndefined();

    await signInAs(page, 'E1005', first);
    await expect(page.getByRole('banner')).toContainText(userName('E1005'));
    await dialogHostReady(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a changed password is changed again from the avatar menu, then signs the user out', async ({ page }) => {
    await signIn(page, 'E1005', first);
    await openUserMenu(page, 'E1005');
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('当前密码').fill('wrong-Password-1');
    await dialog.getByLabel('新密码').fill(second);
    await dialog.getByLabel('确认密码').fill(second);
    await dialog.getByRole('button', { name: '确认修改' }).click();
    // The gateway refuses the wrong current password; nothing typed is lost.
    await expect(dialog.getByRole('button', { name: '确认修改' })).toBeEnabled();
    await expect(dialog.getByLabel('新密码')).toHaveValue(second);
    await expect(dialog.getByLabel('确认密码')).toHaveValue(second);

    await dialog.getByLabel('当前密码').fill(first);
    await dialog.getByLabel('新密码').fill(first);
    await dialog.getByLabel('确认密码').focus();
    await expect(dialog.getByText('新密码与旧密码相同，请修改')).toBeVisible();

    await dialog.getByLabel('新密码').fill(second);
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await expect(page).toHaveURL(/\/login\?t=login$/);
    await signIn(page, 'E1005', second);
  });
});

test('the password dialog speaks English on English pages, with the texts of the spec', async ({ page }) => {
  await signIn(page, 'E1002');
  await page.goto('/en/exam');
  await page.getByRole('banner').getByRole('button', { name: new RegExp(userName('E1002')) }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('Please enter a correct new password')).toBeVisible();
  await expect(dialog.getByText('Please enter the correct confirmation password')).toBeVisible();

  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByLabel('New password').fill('12345678');
  await dialog.getByLabel('Confirm password').fill('Ab1');
  await expect(dialog.getByText('Enter 8 to 30 characters, including uppercase and lowercase letters, special characters, and digits')).toBeVisible();
  await dialog.getByLabel('New password').focus();
  await expect(dialog.getByText('The password contains 8 to 30 characters')).toBeVisible();
  await dialog.getByLabel('New password').fill(PASSWORD);
  await dialog.getByLabel('Confirm password').focus();
  await expect(dialog.getByText('The new password matches the old password, please modify it')).toBeVisible();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/en\/exam$/);
});

test('E1001 edits the profile: sex, email, joining date and avatar persist; the post level is shown, not edited', async ({ page }) => {
  await signIn(page, 'E1001');
  await openUserMenu(page, 'E1001');
  await page.getByRole('menuitem', { name: '个人资料' }).click();
  const dialog = page.getByRole('dialog', { name: '个人资料' });
  await expect(dialog).toBeVisible();
  // Measured once the opening animation has settled.
  await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(900);
  for (const text of [userName('E1001'), 'E1001', '13816620381', '2岗-08', '计算机科学与技术', 'KPI 考核（专业技术类）', '普通用户', '研发中心 · 前端开发部', '前端工程师']) {
    await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByText('建议尺寸 222*222 像素，支持 JPG、JPEG、PNG 格式，大小不超过 5MB')).toBeVisible();
  await expect(dialog.getByText(/500\s*kb/i)).toHaveCount(0);

  await dialog.getByRole('radio', { name: '女' }).click();
  await dialog.getByLabel('邮箱').fill('zhang.wei.new@xingchen.example.com');
  await dialog.getByLabel('入司时间').fill('2020-02-02');
  // Spec section 6: the post level is not the user's to change.
  await expect(dialog.getByRole('combobox')).toHaveCount(0);
  await expect(dialog.getByLabel('岗位职级')).toHaveCount(0);

  const file = dialog.locator('input[type="file"]');
  await file.setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: Buffer.from('this is text, not a picture') });
  await expect(dialog.getByText('上传头像图片只能是 JPG | JPEG | PNG 格式!')).toBeVisible();
  await file.setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText(/100%/)).toBeVisible();
  await expect(dialog.getByRole('img', { name: '头像预览' })).toBeVisible();

  // A failed save keeps every field.
  await page.route('**/postgrade/save', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 500, msg: '保存失败，请稍后重试', data: null }) }),
  );
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('保存失败，请稍后重试')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('邮箱')).toHaveValue('zhang.wei.new@xingchen.example.com');
  await expect(dialog.getByLabel('入司时间')).toHaveValue('2020-02-02');
  await expect(dialog.getByRole('radio', { name: '女' })).toBeChecked();
  await page.unroute('**/postgrade/save');

  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByRole('banner').locator('img[src*="/files/"]')).toBeVisible();
  await openUserMenu(page, 'E1001');
  await page.getByRole('menuitem', { name: '个人资料' }).click();
  await expect(dialog.getByRole('radio', { name: '女' })).toBeChecked();
  await expect(dialog.getByLabel('邮箱')).toHaveValue('zhang.wei.new@xingchen.example.com');
  await expect(dialog.getByLabel('入司时间')).toHaveValue('2020-02-02');
  await expect(dialog.getByText('2岗-08', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('img', { name: '头像预览' })).toHaveAttribute('src', /\/files\//);

  // The profile is also a link.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.goto('/account#profile');
  await expect(dialog).toBeVisible();
});

test.describe('roles', () => {
  test('E1003 (organisation) has the organisation centre in the avatar menu', async ({ page }) => {
    await signIn(page, 'E1003');
    await openUserMenu(page, 'E1003');
    await expect(page.getByRole('menuitem', { name: '组织中心' })).toHaveAttribute('href', '/account/organization/vod');
    await expect(page.getByRole('banner').getByText('讲师', { exact: true })).toHaveCount(0);
  });

  test('E1004 (admin) has the admin entry, in a new tab', async ({ page }) => {
    await signIn(page, 'E1004');
    const admin = page.getByRole('banner').getByRole('link', { name: /后台管理/ });
    await expect(admin).toHaveAttribute('href', '/crm/');
    await expect(admin).toHaveAttribute('target', '_blank');
    await openUserMenu(page, 'E1004');
    await expect(page.getByRole('menuitem', { name: '组织中心' })).toHaveCount(0);
  });

  test('E1001 (learner) has my upload instead of the admin entry', async ({ page }) => {
    await signIn(page, 'E1001');
    const upload = page.getByRole('banner').getByRole('link', { name: /我的上传/ });
    await expect(upload).toHaveAttribute('href', '/crm/');
    await expect(upload).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('banner').getByRole('link', { name: /后台管理/ })).toHaveCount(0);
  });

  test('E1002 (lecturer) carries the lecturer badge', async ({ page }) => {
    await signIn(page, 'E1002');
    await expect(page.getByRole('banner').getByText('讲师', { exact: true })).toBeVisible();
  });
});
