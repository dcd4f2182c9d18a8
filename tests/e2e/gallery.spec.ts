/**
 * The component gallery for content editors (/tpl): both languages, every section reachable from
 * the table of contents, the rich text styles, the company's own colours, and axe.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { galleryEn, galleryZh } from '../../src/i18n/sections/gallery';
import { hostTwo } from './fixtures';

interface Colours {
  primary: string;
  primaryForeground: string;
  accent: string;
}

const colours = (host: string): Colours =>
  (JSON.parse(readFileSync(`tenants/${host}.json`, 'utf8')) as { branding: { colors: Colours } }).branding.colors;
const one = colours('localhost');
const iconCount = readFileSync('src/components/layout/icons.tsx', 'utf8').match(/^export const \w+ = icon\(/gm)!.length;
const two = colours('127.0.0.1');

/** `#1d4ed8` → `rgb(29, 78, 216)`, as computed styles report it. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

const sections = ['typography', 'colours', 'buttons', 'badges', 'forms', 'cards', 'progress', 'states', 'pager', 'toasts', 'dialogs', 'icons'];
const languages = [
  { lang: 'zh', prefix: '', htmlLang: 'zh-CN', title: '组件展示', texts: galleryZh },
  { lang: 'en', prefix: '/en', htmlLang: 'en', title: 'Component gallery', texts: galleryEn },
] as const;

type Texts = (typeof languages)[number]['texts'];
const sectionTitle = (texts: Texts, id: string) => texts[`gallery.${id}.title` as keyof Texts];

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

for (const { lang, prefix, htmlLang, title, texts } of languages) {
  test(`the gallery shows every section in ${lang}, reachable from its table of contents`, async ({ page }) => {
    await page.goto(`${prefix}/tpl`);
    await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText('即将上线')).toHaveCount(0);
    await expect(page.getByText('Coming soon')).toHaveCount(0);

    const toc = page.getByRole('navigation', { name: texts['gallery.toc'] });
    await expect(toc.getByRole('link')).toHaveText(sections.map((id) => sectionTitle(texts, id)));
    for (const id of sections) {
      const section = page.getByRole('region', { name: sectionTitle(texts, id), exact: true });
      await expect(section).toBeVisible();
      await expect(section.getByRole('heading', { level: 2 }).first()).toHaveText(sectionTitle(texts, id));
      await expect(toc.getByRole('link', { name: sectionTitle(texts, id), exact: true })).toHaveAttribute('href', `#${id}`);
    }
    await toc.getByRole('link', { name: texts['gallery.icons.title'] }).click();
    await expect(page).toHaveURL(/#icons$/);
    await expect(page.getByRole('region', { name: texts['gallery.icons.title'], exact: true })).toBeInViewport();

    // The sample announcement in the shared rich text style, and its HTML for editors to copy.
    const rich = page.locator('[data-gallery="rich-text"]');
    await expect(rich).toHaveClass(/\brich-text\b/);
    for (const tag of ['h2', 'h3', 'p', 'strong', 'em', 's', 'u', 'a', 'ul', 'ol', 'blockquote', 'code', 'pre', 'hr', 'img']) {
      await expect(rich.locator(tag).first(), tag).toBeAttached();
    }
    await expect(rich.getByRole('heading', { level: 2 })).toHaveText(texts['gallery.sample.h2']);
    await expect(rich.locator('ul')).toHaveCSS('list-style-type', 'disc');
    await expect(rich.locator('s')).toHaveCSS('text-decoration-line', 'line-through');
    await expect(rich.locator('blockquote')).toHaveCSS('border-left-width', '4px');
    await expect(rich.locator('pre')).toHaveCSS('white-space', 'pre-wrap');
    await expect(rich.getByRole('link')).toHaveCSS('color', rgb(one.primary));
    await expect(rich.getByRole('link')).toHaveAttribute('href', `${prefix}/knowledge`);
    await expect(rich.getByRole('img')).toHaveAttribute('alt', texts['gallery.sample.imageAlt']);
    // A picture the build serves to anyone (course media stay behind signed URLs).
    await expect.poll(() => rich.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await page.getByText(texts['gallery.typography.showHtml']).click();
    await expect(page.locator('details pre')).toContainText(`<h2>${texts['gallery.sample.h2']}</h2>`);

    // Every icon of the layout's icon file is drawn, each with its name.
    await expect(page.getByRole('region', { name: texts['gallery.icons.title'], exact: true }).locator('svg')).toHaveCount(iconCount);
  });
}

/** The primary swatch's painted colour and written value, once the branding has arrived. */
async function expectPrimary(page: Page, hex: string): Promise<void> {
  const swatch = page.locator('[data-swatch="primary"]');
  await expect(swatch.locator('[data-swatch-colour]')).toHaveCSS('background-color', rgb(hex));
  await expect(swatch.locator('[data-token-value]')).toHaveText(hex.toLowerCase());
  await expect(swatch).toContainText('--primary');
}

test('the colour swatches show each company its own brand colours', async ({ page, browser }) => {
  expect(one.primary.toLowerCase()).not.toBe(two.primary.toLowerCase());
  await page.goto('/tpl');
  await expectPrimary(page, one.primary);
  await expect(page.locator('[data-swatch="accent"] [data-swatch-colour]')).toHaveCSS('background-color', rgb(one.accent));
  await expect(page.locator('[data-swatch="primary-foreground"] [data-token-value]')).toHaveText(one.primaryForeground.toLowerCase());
  // Components take the colour too: the primary button is painted in it.
  await expect(page.getByRole('button', { name: '主要操作', exact: true })).toHaveCSS('background-color', rgb(one.primary));

  const ctx = await browser.newContext();
  const other = await ctx.newPage();
  await other.goto(`${hostTwo}/en/tpl`);
  await expectPrimary(other, two.primary);
  await expect(other.getByRole('button', { name: 'Main action', exact: true })).toHaveCSS('background-color', rgb(two.primary));
  await ctx.close();
});

for (const { lang, prefix } of languages) {
  test(`the gallery has no axe violation in ${lang}`, async ({ page }) => {
    await page.goto(`${prefix}/tpl`);
    await page.waitForLoadState('load');
    await expectPrimary(page, one.primary);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const report = results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n')}`,
    );
    expect(report).toEqual([]);
    expect(results.passes.length).toBeGreaterThan(5);
  });
}

test('the gallery adds no island of its own to the layout', async ({ page }) => {
  await page.goto('/tpl');
  await expect(page.locator('main astro-island')).toHaveCount(0);
  await expect(page.locator('main [data-swatch="primary"]')).toBeVisible();
});
