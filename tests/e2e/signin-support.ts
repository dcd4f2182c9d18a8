/**
 * What the sign-in tests read besides the page: the gateway's outbox (text messages and mail
 * written under `<DATA_DIR>/outbox/`) and the image captcha answer the test gateway is started
 * with.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { PORT } from './fixtures';

/** The e2e gateway's data folder (playwright.config.ts). */
export const OUTBOX = join('.e2e-data', String(PORT), 'outbox');
/** The answer every image captcha takes in the e2e gateway (playwright.config.ts). */
export const CAPTCHA_ANSWER = process.env.CAPTCHA_TEST_ANSWER ?? 'e2e7';

async function newestFile(pattern: RegExp, newerThan: string): Promise<string | undefined> {
  let names: string[] = [];
  try {
    names = await readdir(OUTBOX);
  } catch {
    return undefined;
  }
  const hits = names.filter((n) => pattern.test(n) && n > newerThan).sort();
  return hits.at(-1);
}

/** A file-name stamp of now, to find only what arrives after it. */
export function outboxStamp(): string {
  return new Date(Date.now() - 1000).toISOString().replace(/[-:.]/g, '');
}

/** The six-digit code of the newest text message to `phone` written after `since`. */
export async function smsCode(phone: string, since: string): Promise<string> {
  let name: string | undefined;
  await expect
    .poll(async () => (name = await newestFile(new RegExp(`-sms-${phone}\\.txt$`), since)), { timeout: 10_000 })
    .toBeTruthy();
  const text = await readFile(join(OUTBOX, name!), 'utf8');
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, text).toBeTruthy();
  return code!;
}

/** The reset link of the newest mail to `to` written after `since`. */
export async function mailLink(to: string, since: string): Promise<string> {
  let name: string | undefined;
  await expect
    .poll(async () => (name = await newestFile(new RegExp(`-mail-${to.replace(/[.+]/g, '\\$&')}\\.eml$`), since)), {
      timeout: 10_000,
    })
    .toBeTruthy();
  const mail = await simpleParser(await readFile(join(OUTBOX, name!)));
  const link = /https?:\/\/\S+?mailToken=[\w-]+/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeTruthy();
  return link!;
}

/** Answers the image captcha on the page (the e2e gateway fixes its answer). */
export async function answerCaptcha(page: Page): Promise<void> {
  await expect(
    page.getByRole('img', { name: '验证码图片' }).or(page.getByRole('img', { name: 'Captcha picture' })),
  ).toBeVisible();
  await page.getByLabel('图形验证码').or(page.getByLabel('Picture code')).fill(CAPTCHA_ANSWER);
}

/** A mainland mobile number no seeded account has. */
export function freshPhone(): string {
  return `199${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/**
 * Waits until the page's form works: its fields stay disabled until the island has hydrated
 * (a tab clicked before then does nothing).
 */
export async function formReady(page: Page): Promise<void> {
  await expect(page.getByRole('main').getByRole('textbox').first()).toBeEnabled();
}
