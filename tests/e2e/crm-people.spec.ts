/**
 * People and organisation in the back office, as the administrator 刘洋 (E1004) uses it, in both
 * languages: a department created, moved by the keyboard's way (the move dialog) and deleted; a
 * 20-row spreadsheet with two bad rows checked (both problems shown before anything is imported),
 * imported (18 members) with the refused rows in the download centre; a member created in the
 * sheet form, then disabled, which ends their open session at once. Employee numbers and phones
 * are this file's own (EZ…/EE…/DZ…/DE…), on a gateway of the file's own.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { endpoints } from '../../src/api/endpoints';
import { callAs, PORT, tokenFor } from './fixtures';
import { useOwnGateway } from './own-gateway';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A gateway of this file's own: the members it imports and disables are no other file's. */
const gw = useOwnGateway(PORT + 73);

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

async function asAdmin(page: Page): Promise<void> {
  const token = await tokenFor(page.request, 'E1004');
  await page.context().addCookies([{ name: 'ENT_WEB_TOKEN', value: token, url: gw.origin }]);
}

const HEADERS = {
  zh: ['姓名', '工号', '手机号', '邮箱', '部门', '岗位', '用户类型'],
  en: ['Name', 'Employee no.', 'Mobile', 'Email', 'Department', 'Post', 'User type'],
};

/** Twenty members, two of them bad: row 5 has a wrong phone, row 12 repeats row 4's employee number. */
async function twentyRows(lang: 'zh' | 'en', prefix: string, phoneStart: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('members');
  sheet.addRow(HEADERS[lang]);
  for (let i = 1; i <= 20; i++) {
    const empNo = i === 11 ? `${prefix}0003` : `${prefix}${String(i).padStart(4, '0')}`;
    const phone = i === 4 ? '12345' : String(phoneStart + i);
    sheet.addRow([`${prefix}成员${i}`, empNo, phone, `${prefix.toLowerCase()}${i}@example.com`, 'D110', 'P111', '1']);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** No WCAG 2.1 A/AA finding on the page (the layout's language link, whose name names the language it opens, aside). */
async function axe(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('a[lang]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const lang of ['zh', 'en'] as const) {
  const zh = lang === 'zh';
  const base = zh ? '' : '/en';
  const tag = zh ? 'Z' : 'E';

  test(`${lang}: a department is created, moved by the keyboard's dialog and deleted`, async ({ page }) => {
    await asAdmin(page);
    await page.goto(`${base}/crm/departments`);
    const tree = page.getByRole('tree', { name: zh ? '部门树' : 'Departments' });
    await expect(tree.locator('[data-node-id="D100"]')).toContainText(zh ? '研发中心' : 'R&D Centre');
    await axe(page);

    const name = `测试部${tag}`;
    await page.getByRole('button', { name: zh ? '新建部门' : 'New department', exact: true }).click();
    const create = page.getByRole('dialog', { name: zh ? '新建部门' : 'New department' });
    await create.getByRole('button', { name: zh ? '保存' : 'Save' }).click();
    await expect(create.getByText(zh ? '请输入名称' : 'Enter the name').first()).toBeVisible();
    await create.getByLabel(zh ? '中文名称' : 'Chinese name').fill(name);
    await create.getByLabel(zh ? '英文名称' : 'English name').fill(`Test department ${tag}`);
    await create.getByRole('button', { name: zh ? '保存' : 'Save' }).click();
    await expect(create).toBeHidden();
    const shownName = zh ? name : `Test department ${tag}`;
    const item = tree.getByRole('treeitem').filter({ hasText: shownName });
    await expect(item).toHaveAttribute('aria-level', '1');
    await expect(item).toHaveAttribute('aria-selected', 'true');

    // The keyboard's way of moving: the dialog, under 产品中心, first.
    const details = page.getByRole('complementary', { name: shownName });
    await details.getByRole('button', { name: zh ? '移动' : 'Move', exact: true }).click();
    const move = page.getByRole('dialog', { name: zh ? '移动部门' : 'Move department' });
    await move.getByRole('combobox', { name: zh ? '上级部门' : 'Parent department' }).click();
    await page.getByRole('option', { name: zh ? '产品中心' : 'Product Centre', exact: true }).click();
    await move.getByRole('combobox', { name: zh ? '位置' : 'Place' }).click();
    await page.getByRole('option', { name: zh ? '排在最前' : 'First', exact: true }).click();
    await move.getByRole('button', { name: zh ? '移动' : 'Move', exact: true }).click();
    await expect(move).toBeHidden();
    await expect(item).toHaveAttribute('aria-level', '2');
    const product = tree.locator('[data-node-id="D200"]');
    await expect(tree.locator('[data-node-id="D200"] + li')).toContainText(shownName);

    // Arrow keys walk the tree: Down from 产品中心 reaches the moved department first.
    await product.focus();
    await page.keyboard.press('ArrowDown');
    await expect(item).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(item).toHaveAttribute('aria-selected', 'true');

    await details.getByRole('button', { name: zh ? '删除' : 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: zh ? '删除部门' : 'Delete department' });
    await confirm.getByRole('button', { name: zh ? '删除' : 'Delete', exact: true }).click();
    await expect(item).toHaveCount(0);
  });

  test(`${lang}: a spreadsheet with two bad rows is checked, 18 members imported, the refused rows in the download centre`, async ({ page }) => {
    test.slow();
    await asAdmin(page);
    await page.goto(`${base}/crm/members/import`);
    const prefix = `E${tag}`;
    await page.getByLabel(zh ? '成员表格' : 'Member spreadsheet').setInputFiles({
      name: `members-${lang}.xlsx`,
      mimeType: XLSX,
      buffer: await twentyRows(lang, prefix, zh ? 17700000000 : 17800000000),
    });
    await page.getByRole('button', { name: zh ? '检查文件' : 'Check file' }).click();
    await expect(page.getByRole('status').filter({ hasText: zh ? '共 20 行：可以导入 18 行，有问题 2 行。' : '20 rows: 18 can be imported, 2 have problems.' })).toBeVisible();

    // Both problems are shown before anything is imported.
    const table = page.getByRole('region', { name: zh ? `“members-${lang}.xlsx”的检查结果` : `Check of “members-${lang}.xlsx”` }).getByRole('table');
    await page.getByLabel(zh ? '只看有问题的行' : 'Only rows with problems').check();
    const bad = table.locator('tbody tr');
    await expect(bad).toHaveCount(2);
    await expect(bad.nth(0)).toContainText(zh ? '手机号：请输入正确的手机号' : 'Mobile: Enter a correct mobile number');
    await expect(bad.nth(1)).toContainText(zh ? '工号：工号在文件中重复' : 'Employee no.: The employee number appears more than once in the file');
    const none = await callAs<{ totalCount: number }>(page.request, await tokenFor(page.request, 'E1004'), 'crmMemberPage', { keyword: prefix });
    expect(none.totalCount).toBe(0);
    await axe(page);

    await page.getByRole('button', { name: zh ? '导入 18 名成员' : 'Import 18 members' }).click();
    await expect(page.getByText(zh ? '导入完成：已导入 18 名成员，未通过 2 行。' : 'Import finished: 18 members imported, 2 rows refused.')).toBeVisible({ timeout: 30_000 });
    const imported = await callAs<{ totalCount: number }>(page.request, await tokenFor(page.request, 'E1004'), 'crmMemberPage', { keyword: prefix });
    expect(imported.totalCount).toBe(18);

    // The refused rows are in the download centre of the site's header.
    await page.goto(`${base}/`);
    await page.getByRole('button', { name: zh ? '下载中心' : 'Download centre', exact: true }).click();
    const centre = page.getByRole('dialog', { name: zh ? '下载中心' : 'Download centre' });
    const file = zh ? /成员导入未通过-\d{8}-\d{4}\.xlsx/ : /member-import-refused-\d{8}-\d{4}\.xlsx/;
    await expect(centre.getByRole('listitem').filter({ hasText: file }).first()).toBeVisible({ timeout: 30_000 });
  });

  test(`${lang}: a member created in the form, then disabled, loses their open session at once`, async ({ page, request }) => {
    await asAdmin(page);
    await page.goto(`${base}/crm/members`);
    await expect(page.getByRole('table', { name: zh ? /^成员列表/ : /^Members/ })).toBeVisible();
    await axe(page);

    const empNo = `D${tag}0001`;
    await page.getByRole('button', { name: zh ? '新建成员' : 'New member', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: zh ? '新建成员' : 'New member' });
    await sheet.getByRole('button', { name: zh ? '保存' : 'Save' }).click();
    await expect(sheet.getByText(zh ? '请输入姓名' : 'Enter the name')).toBeVisible();
    await expect(sheet.getByText(zh ? '请输入工号' : 'Enter the employee number')).toBeVisible();
    const field = (name: string) => sheet.getByRole('textbox', { name, exact: true });
    await field(zh ? '姓名' : 'Name').fill(`停用${tag}`);
    await field(zh ? '工号' : 'Employee no.').fill(empNo);
    await field(zh ? '手机号' : 'Mobile').fill('123');
    await field(zh ? '身份证号' : 'ID card no.').fill('110105194912310021');
    await sheet.getByRole('button', { name: zh ? '保存' : 'Save' }).click();
    await expect(sheet.getByText(zh ? '请输入正确的手机号' : 'Enter a correct mobile number')).toBeVisible();
    await expect(sheet.getByText(zh ? '请输入正确的身份证信息' : 'Please enter a correct ID card number')).toBeVisible();
    await field(zh ? '手机号' : 'Mobile').fill(zh ? '17900000001' : '17900000002');
    await field(zh ? '身份证号' : 'ID card no.').fill('11010519491231002X');
    await sheet.getByRole('button', { name: zh ? '保存' : 'Save' }).click();
    await expect(sheet).toBeHidden();

    // The new member signs in (on the initial password) and has a session.
    const login = await request.post(`/gateway/${endpoints.loginByEmpNo.path}`, { data: { empNo, password: 'Init@2026' } });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const current = () => request.get(`/gateway/${endpoints.currentUser.path}`, { headers: { token } }).then((r) => r.json() as Promise<{ code: number }>);
    expect((await current()).code).toBe(200);

    await page.getByRole('searchbox', { name: zh ? '搜索' : 'Search' }).fill(empNo);
    await page.getByRole('searchbox', { name: zh ? '搜索' : 'Search' }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`keyword=${empNo}`));
    await page.getByRole('button', { name: zh ? `停用${tag} 的操作` : `Actions for 停用${tag}` }).click();
    await page.getByRole('menuitem', { name: zh ? '停用' : 'Disable' }).click();
    const confirm = page.getByRole('alertdialog', { name: zh ? '停用成员' : 'Disable member' });
    await confirm.getByRole('button', { name: zh ? '停用' : 'Disable', exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: empNo })).toContainText(zh ? '已停用' : 'Disabled');

    // Their open session ended at once, and they cannot sign in again.
    expect((await current()).code).toBe(301);
    const again = await request.post(`/gateway/${endpoints.loginByEmpNo.path}`, { data: { empNo, password: 'Init@2026' }, headers: { 'accept-language': lang } });
    expect(((await again.json()) as { msg: string }).msg).toBe(zh ? '账号已停用，请联系企业管理员' : 'Account disabled: please contact your company administrator');

    // The toast's undo enables them again.
    await page.getByRole('button', { name: zh ? '撤销' : 'Undo' }).click();
    await expect(page.getByRole('row').filter({ hasText: empNo })).toContainText(zh ? '正常' : 'Enabled');
  });
}
