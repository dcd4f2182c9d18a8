import { PDFDocument } from '@cantoo/pdf-lib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificateItem } from '@/api/certificate-types';
import type { PageResult } from '@/api/types';
import { enterprises } from '../../db/schema';
import { forgetTenants } from '../../tenant';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { fetchRow } from '../course/test-support';
import { dataOf, signIn, type Who } from '../home/test-support';
import { brandColor, certificateDate, fitText } from './pdf';
import { imageCount, pdfPages } from './test-support';

let gw: TestGateway;
let e1001: Who;
let held: CertificateItem;
let expired: CertificateItem;
beforeAll(async () => {
  gw = await createTestApp();
  e1001 = await signIn(gw, 'E1001');
  [held] = (await dataOf<PageResult<CertificateItem>>(gw, e1001, 'certificatePage', { body: { status: 1 } })).list as [CertificateItem];
  [expired] = (await dataOf<PageResult<CertificateItem>>(gw, e1001, 'certificatePage', { body: { status: 2 } })).list as [CertificateItem];
});
afterAll(() => gw?.close());

const download = async (id: string, options: { lang?: 'zh' | 'en'; host?: string; token?: string } = {}) => {
  const res = await fetchRow(gw, 'certificatePdf', { token: options.token ?? e1001.token, query: { id }, ...options });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
};
/** A page's text with the spaces between text items taken out, so words split across items still match. */
const joined = (text: string) => text.replace(/\s+/g, '');
/** Changes the logo behind the gateway's back, so its cached enterprise is dropped too. */
const setLogo = async (logo: string) => {
  await gw.database.db.update(enterprises).set({ logo }).where(eq(enterprises.id, e1001.enterpriseId));
  forgetTenants(gw.database.db);
};

describe('the certificate PDF', () => {
  it('is a landscape one-page PDF in Chinese with the holder, the certificate, its course and the code', async () => {
    const { res, bytes } = await download(held.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('职场写作规范结业证书-张伟.pdf')}`,
    );
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBeGreaterThan(height);
    expect(pdf.getTitle()).toBe('职场写作规范结业证书 · 张伟');
    expect(pdf.getAuthor()).toBe('星辰科技');

    const [text] = await pdfPages(bytes);
    const all = joined(text!);
    for (const part of ['张伟', '职场写作规范结业证书', '完成课程《职场写作规范》', '星辰科技', '兹证明', '自动颁发', '长期有效', '验证码', held.code]) {
      expect(all, part).toContain(part);
    }
    expect(all).toContain(joined(certificateDate(new Date(held.issuedAt), 'zh')));
    // The verification page on the request's host, beside its QR code.
    expect(all).toContain(`http://localhost/certificate/verify?code=${held.code}`);
    expect(await imageCount(bytes)).toBe(1);
  });

  it('is in English for an English request, the name as the holder wrote it', async () => {
    const { bytes } = await download(held.id, { lang: 'en' });
    const [text] = await pdfPages(bytes);
    for (const part of ['CERTIFICATE', 'This is to certify that', '张伟', 'Workplace writing certificate', 'Xingchen Technology', 'Automatic', 'Long-term', 'Verification code']) {
      expect(text, part).toContain(part);
    }
    expect(joined(text!)).toContain(`http://localhost/en/certificate/verify?code=${held.code}`);
    expect(joined(text!)).toContain(held.code);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe('Workplace writing certificate · 张伟');
  });

  it('prints the expiry and the manual issue of an expired certificate', async () => {
    const { bytes } = await download(expired.id);
    const all = joined((await pdfPages(bytes))[0]!);
    for (const part of ['内训讲师资格证', '手动颁发', '有效期至', joined(certificateDate(new Date(expired.expiresAt!), 'zh')), expired.code]) {
      expect(all, part).toContain(part);
    }
    expect(all).not.toContain('完成');
  });

  it('carries no QR code when the request’s host does not serve the company', async () => {
    const url = new URL(`http://learn.example.net${gw.prefix}/user/auth/enterprise/user/certificate/pdf?id=${held.id}`);
    const res = await gw.app.request(url, { headers: { token: e1001.token, eid: e1001.enterpriseId } });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const all = joined((await pdfPages(bytes))[0]!);
    expect(all).toContain(held.code);
    expect(all).not.toContain('certificate/verify');
    expect(await imageCount(bytes)).toBe(0);
  });

  it('shows the company’s logo when it is a PNG or JPEG the gateway holds, else the name alone', async () => {
    try {
      for (const [logo, images] of [
        ['/media/demo/floor-plan.png', 2],
        ['/media/demo/covers/welcome.jpg', 2],
        ['/tenants/localhost/logo.svg', 1],
        ['/media/../../package.json', 1],
        ['/../package.json', 1],
        ['https://example.com/logo.png', 1],
        ['/files/0b6f/missing.png', 1],
      ] as const) {
        await setLogo(logo);
        const { res, bytes } = await download(held.id);
        expect(res.status, logo).toBe(200);
        expect(await imageCount(bytes), logo).toBe(images);
        expect(joined((await pdfPages(bytes))[0]!), logo).toContain('星辰科技');
      }
    } finally {
      await setLogo('/tenants/localhost/logo.svg');
    }
  });

  it('is in company two’s branding for company two', async () => {
    const b2001 = await signIn(gw, 'B2001', HOST_TWO);
    const [theirs] = (await dataOf<PageResult<CertificateItem>>(gw, b2001, 'certificatePage')).list;
    const { bytes } = await download(theirs!.id, { host: HOST_TWO, token: b2001.token });
    const all = joined((await pdfPages(bytes))[0]!);
    for (const part of ['周婷', '精益生产上岗证', '青禾制造', '完成课程《精益生产入门》', `http://127.0.0.1/certificate/verify?code=${theirs!.code}`]) {
      expect(all, part).toContain(part);
    }
    expect(all).not.toContain('星辰科技');
  });
});

describe('layout helpers', () => {
  it('darkens a primary colour too light to read, and falls back on a bad one', () => {
    expect(brandColor('#1d4ed8')).toMatchObject({ red: 0x1d / 255, green: 0x4e / 255, blue: 0xd8 / 255 });
    const light = brandColor('#dbeafe') as { red: number; green: number; blue: number };
    expect(0.2126 * light.red + 0.7152 * light.green + 0.0722 * light.blue).toBeLessThanOrEqual(0.5501);
    expect(brandColor('red')).toMatchObject({ type: 'RGB' });
  });

  it('shrinks a long name to fit, then wraps it onto two lines ending in an ellipsis', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont('Helvetica');
    expect(fitText(font, 'Short', 300, 24, 12)).toEqual({ size: 24, lines: ['Short'] });
    const long = 'Certificate of advanced studies in workplace safety '.repeat(4).trim();
    const fitted = fitText(font, long, 300, 24, 12);
    expect(fitted.size).toBe(12);
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.lines[1]!.endsWith('…')).toBe(true);
    for (const line of fitted.lines) expect(font.widthOfTextAtSize(line, 12)).toBeLessThanOrEqual(300);
  });

  it('writes dates in the companies’ time zone, in the request’s language', () => {
    expect(certificateDate(new Date('2026-04-30T20:00:00Z'), 'zh')).toBe('2026年5月1日');
    expect(certificateDate(new Date('2026-04-30T20:00:00Z'), 'en')).toBe('1 May 2026');
  });
});
