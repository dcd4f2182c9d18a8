import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { companyOne, companyTwo, hostTwo, PASSWORD, userName } from './fixtures';
import { answerCaptcha, formReady, freshPhone, mailLink, outboxStamp, smsCode } from './signin-support';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

const userOf = (empNo: string, company = companyOne) =>
  (company.seed.users as unknown as Array<{ empNo: string; phone: string; email?: string }>).find(
    (u) => u.empNo === empNo,
  )!;

async function signInWithPassword(page: Page, empNo: string, password: string, base = '') {
  await page.goto(`${base}/login?t=login`);
  await page.getByLabel('工号').fill(empNo);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test.describe('choosing an enterprise', () => {
  test('E1007 belongs to two companies: choose company two, then switch back from the avatar menu', async ({
    page,
  }) => {
    const one = companyOne.branding.name.zh;
    const two = companyTwo.branding.name.zh;
    await signInWithPassword(page, 'E1007', PASSWORD);
    await expect(page).toHaveURL(/\/company\?redirect=%2F$/);
    const list = page.getByRole('list', { name: '我的企业' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const current = list.getByRole('listitem').filter({ hasText: '当前企业' });
    await expect(current).toContainText(one);
    await expect(current).toHaveAttribute('aria-current', 'true');
    await expect(list.getByRole('listitem').filter({ hasText: two }).locator('img')).toHaveAttribute('src', /.+/);

    await page.getByRole('button', { name: `进入 ${two}` }).click();
    await expect(page).toHaveURL(/\/$/);
    const banner = page.getByRole('banner');
    await expect(banner).toContainText(two);
    await expect(banner).not.toContainText(one);
    await expect(banner).toContainText(userName('B2007', companyTwo));
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo')!).empNo)).toBe('B2007');
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim(),
    );
    const tenantTwo = JSON.parse(readFileSync('tenants/127.0.0.1.json', 'utf8')) as {
      branding: { colors: { primary: string } };
    };
    expect(primary).toBe(tenantTwo.branding.colors.primary);

    // Back to company one without signing in again.
    await banner.getByRole('button', { name: new RegExp(userName('B2007', companyTwo)) }).click();
    await page.getByRole('menuitem', { name: '切换企业' }).click();
    await expect(page).toHaveURL(/\/company$/);
    await expect(
      page.getByRole('list', { name: '我的企业' }).getByRole('listitem').filter({ hasText: '当前企业' }),
    ).toContainText(two);
    await page.getByRole('button', { name: `进入 ${one}` }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(banner).toContainText(one);
    await expect(banner).not.toContainText(two);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo')!).empNo)).toBe('E1007');
  });

  test('a person with one company goes straight on; /company needs a signed-in user', async ({ page }) => {
    await page.goto('/company');
    await expect(page).toHaveURL(/\/login\?t=login&redirect=%2Fcompany/);
    await page.getByLabel('工号').fill('E1001');
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/company$/);
    await expect(page.getByRole('list', { name: '我的企业' }).getByRole('listitem')).toHaveCount(1);
  });
});

test.describe('registering an enterprise', () => {
  test('checks every field with the spec messages, then registers, signs in and opens the home page', async ({
    page,
  }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: '注册并登录' }).click();
    await expect(page.getByText('请输入企业名称', { exact: true })).toBeVisible();
    await expect(page.getByText('请输入姓名', { exact: true })).toBeVisible();
    await expect(page.getByText('请输入手机号', { exact: true })).toBeVisible();
    await expect(page.getByText('请输入短信验证码', { exact: true })).toBeVisible();
    await expect(page.getByText('请输入正确的新密码')).toBeVisible();
    await expect(page.getByText('请输入正确的确认密码')).toBeVisible();
    await expect(page.getByText('请阅读并同意用户协议')).toBeVisible();
    await expect(page.getByLabel('企业名称')).toBeFocused();

    // The hint says what is enforced: 8 to 30 characters, not the old 6-16.
    await expect(page.getByText('8至30位字符，包含大小写字母、特殊字符和数字，不能含有中文和空格')).toBeVisible();
    await expect(page.getByText(/6-16/)).toHaveCount(0);
    const password = page.getByLabel('密码', { exact: true });
    const confirm = page.getByLabel('确认密码');
    await expect(password).toHaveAttribute('maxlength', '30');
    for (const [value, message] of [
      ['abc1234', '请输入8至30位字符，包含大小写字母、特殊字符和数字'],
      ['abcdefgh', '请输入8至30位字符，包含大小写字母、特殊字符和数字'],
      ['abc 12345', '密码不能含有空格'],
      ['密码abc12345', '密码不能含有中文'],
    ]) {
      await password.fill(value!);
      await page.getByRole('button', { name: '注册并登录' }).click();
      await expect(page.getByText(message!, { exact: true })).toBeVisible();
    }
    await password.fill('Reg#2026pass');
    await confirm.fill('Reg#2026diff');
    await page.getByRole('button', { name: '注册并登录' }).click();
    await expect(page.getByText('重复密码与新密码不一致')).toBeVisible();
    await page.getByLabel('您的姓名').fill('一二三四五六七八九十一二三四五六');
    await expect(page.getByLabel('您的姓名')).toHaveValue('一二三四五六七八九十一二三四五');

    // A phone that already has an account is caught on blur.
    const phoneInput = page.getByLabel('手机号');
    await phoneInput.fill(userOf('E1001').phone);
    await phoneInput.blur();
    await expect(page.getByText('该账号已存在')).toBeVisible();

    const phone = freshPhone();
    const company = `新禾科技${phone.slice(-4)}`;
    await page.getByLabel('企业名称').fill(company);
    await page.getByLabel('您的姓名').fill('林一');
    await phoneInput.fill(phone);
    await phoneInput.blur();
    await expect(page.getByText('该账号已存在')).toHaveCount(0);
    await answerCaptcha(page);
    const since = outboxStamp();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /秒后重新获取$/ })).toBeDisabled();
    await page.getByLabel('短信验证码').fill(await smsCode(phone, since));
    await confirm.fill('Reg#2026pass');
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await expect(page.getByRole('link', { name: '用户协议' }).first()).toHaveAttribute('href', '/agreement');
    await page.getByRole('button', { name: '注册并登录' }).click();

    await expect(page).toHaveURL(/:\d+\/$/);
    const banner = page.getByRole('banner');
    await expect(banner).toContainText('林一');
    await expect(banner).toContainText(company);

    // The admin creates a second company; the list then has both, and the new one can be entered.
    await page.goto('/company');
    const list = page.getByRole('list', { name: '我的企业' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: '创建企业' }).click();
    await expect(page.getByText('请输入企业名称', { exact: true })).toBeVisible();
    const second = `${company}二部`;
    await page.getByLabel('企业名称').fill(second);
    await page.getByRole('button', { name: '创建企业' }).click();
    await expect(page.getByText('企业创建成功')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: `进入 ${second}` }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByRole('banner')).toContainText(second);

    // The new companies have no domain: the admin comes back with the phone on this host. The
    // home page is left first: its calls still under way would find the session gone and send
    // the page to the sign-in page at the same moment as the navigation below.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await page.goto('/login?t=phone');
    await page.getByLabel('手机号').fill(phone);
    await page.getByLabel('密码', { exact: true }).fill('Reg#2026pass');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/company/);
    await expect(page.getByRole('list', { name: '我的企业' }).getByRole('listitem')).toHaveCount(2);
  });
});

test.describe('forgotten password', () => {
  // Company two's B2001 is nobody else's test account; these two run in order.
  test.describe.configure({ mode: 'serial' });
  const user = userOf('B2001', companyTwo);

  test('by phone: captcha, code, new password; then sign in with it', async ({ page }) => {
    await page.goto(`${hostTwo}/forget`);
    await expect(page.getByRole('tab', { name: '手机号找回' })).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('手机号').fill(user.phone);
    await answerCaptcha(page);
    const since = outboxStamp();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('短信验证码').fill('000000');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page.getByText('验证码错误')).toBeVisible();
    await page.getByLabel('短信验证码').fill(await smsCode(user.phone, since));
    await page.getByRole('button', { name: '下一步' }).click();

    const password = page.getByLabel('新密码', { exact: true });
    await expect(password).toBeFocused();
    await password.fill('short1');
    await page.getByLabel('确认新密码').fill('short1');
    await page.getByRole('button', { name: '重置密码' }).click();
    await expect(page.getByText('请输入8至30位字符，包含大小写字母、特殊字符和数字')).toBeVisible();
    await expect(page.getByText('密码长度为8至30位字符')).toBeVisible();
    await password.fill('Phone#Reset26');
    await page.getByLabel('确认新密码').fill('Phone#Reset26');
    await page.getByRole('button', { name: '重置密码' }).click();
    await expect(page.getByText('密码重置成功，请使用新密码登录')).toBeVisible();
    await page.getByRole('link', { name: '去登录' }).click();
    await expect(page).toHaveURL(/\/login\?t=login$/);

    await signInWithPassword(page, 'B2001', 'Phone#Reset26', hostTwo);
    await expect(page.getByRole('banner')).toContainText(userName('B2001', companyTwo));
  });

  test('by mail: the link from the mail sets the password; the answer does not depend on the account', async ({
    page,
  }) => {
    await page.goto(`${hostTwo}/forget`);
    await formReady(page);
    await page.getByRole('tab', { name: '邮箱找回' }).click();
    await page.getByRole('button', { name: '发送重置链接' }).click();
    await expect(page.getByText('请输入工号', { exact: true })).toBeVisible();

    // An employee number nobody has gets exactly the answer a real one gets.
    await page.getByLabel('工号').fill('B9999');
    await page.getByRole('button', { name: '发送重置链接' }).click();
    const status = page.getByRole('status').filter({ hasText: '重置密码链接已发送至该邮箱' });
    await expect(status).toBeVisible();
    const unknownAnswer = await status.textContent();

    await page.goto(`${hostTwo}/forget`);
    await formReady(page);
    await page.getByRole('tab', { name: '邮箱找回' }).click();
    const since = outboxStamp();
    await page.getByLabel('工号').fill('B2001');
    await page.getByRole('button', { name: '发送重置链接' }).click();
    await expect(status).toBeVisible();
    expect(await status.textContent()).toBe(unknownAnswer);

    const link = await mailLink(user.email!, since);
    expect(new URL(link).pathname).toBe('/forget');
    await page.goto(link);
    await expect(page).not.toHaveURL(/mailToken/);
    await page.getByLabel('新密码', { exact: true }).fill('Mail#Reset26');
    await page.getByLabel('确认新密码').fill('Mail#Reset26');
    await page.getByRole('button', { name: '重置密码' }).click();
    await expect(page.getByText('密码重置成功，请使用新密码登录')).toBeVisible();

    // A used link does not work twice.
    await page.goto(link);
    await page.getByLabel('新密码', { exact: true }).fill('Mail#Again26');
    await page.getByLabel('确认新密码').fill('Mail#Again26');
    await page.getByRole('button', { name: '重置密码' }).click();
    await expect(page.getByText('密码重置成功')).toHaveCount(0);

    await signInWithPassword(page, 'B2001', 'Mail#Reset26', hostTwo);
    await expect(page.getByRole('banner')).toContainText(userName('B2001', companyTwo));
  });
});
