import { describe, expect, it } from 'vitest';
import { noticeFormSchema, noticeMessageFormSchema, noticeSaveSchema } from './notice';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the announcement form', () => {
  it('wants a title and a text in one language at least, on both tabs', () => {
    expect(messagesOf(noticeFormSchema.safeParse({ contentZh: '<p></p>' }))).toEqual({
      titleZh: 'crmNotice.error.titleEmpty',
      titleEn: 'crmNotice.error.titleEmpty',
      contentZh: 'crmNotice.error.contentEmpty',
      contentEn: 'crmNotice.error.contentEmpty',
    });
    expect(noticeFormSchema.safeParse({ titleEn: 'T', contentZh: '<p><img src="/files/a/b.png"></p>' }).success).toBe(true);
  });

  it('wants a future time to schedule', () => {
    const base = { titleZh: 'T', contentZh: '<p>x</p>', publish: 'schedule' };
    expect(messagesOf(noticeFormSchema.safeParse(base))).toEqual({ publishAt: 'crmNotice.error.scheduleMissing' });
    expect(messagesOf(noticeFormSchema.safeParse({ ...base, publishAt: '2000-01-01T10:00' }))).toEqual({ publishAt: 'crmNotice.error.schedulePast' });
    expect(noticeFormSchema.safeParse({ ...base, publishAt: '2999-01-01T10:00' }).success).toBe(true);
  });

  it('limits the title', () => {
    expect(messagesOf(noticeFormSchema.safeParse({ titleZh: 'x'.repeat(101), contentZh: '<p>x</p>' }))).toEqual({ titleZh: 'crmNotice.error.titleTooLong' });
  });
});

describe('the gateway’s save input', () => {
  it('fills defaults and takes an ISO time with an offset only', () => {
    expect(noticeSaveSchema.parse({})).toEqual({ titleZh: '', titleEn: '', contentZh: '', contentEn: '', allowComment: true, pinned: false, publish: 'draft' });
    expect(noticeSaveSchema.safeParse({ publishAt: '2030-01-01T10:00' }).success).toBe(false);
    expect(noticeSaveSchema.safeParse({ publishAt: '2030-01-01T10:00:00+08:00' }).success).toBe(true);
  });
});

describe('the message form', () => {
  it('wants recipients, a title and a text', () => {
    expect(messagesOf(noticeMessageFormSchema.safeParse({}))).toEqual({
      titleZh: 'crmNotice.error.titleEmpty',
      titleEn: 'crmNotice.error.titleEmpty',
      contentZh: 'crmNotice.error.contentEmpty',
      contentEn: 'crmNotice.error.contentEmpty',
      memberIds: 'crmNotice.error.noRecipients',
    });
    expect(noticeMessageFormSchema.safeParse({ titleEn: 'T', contentEn: 'x', departmentIds: ['D100'] }).success).toBe(true);
  });
});
