/**
 * Input of the back office's announcements and messages, shared by the forms (react-hook-form
 * with zodResolver) and the gateway's routes. A message of a failed check is a key of the
 * `crm-notice` strings (the forms show it in the user's language); the gateway answers its own
 * texts for the same checks. Pure: zod and `src/lib` only.
 */
import { z } from 'zod';
import { htmlHasContent } from '@/lib/html-text';
import { NOTICE_HTML_MAX, NOTICE_PICK_MAX, NOTICE_PUBLISH, NOTICE_TEXT_MAX, NOTICE_TITLE_MAX } from '@/lib/schemas/notice-rules';

export * from '@/lib/schemas/notice-rules';

/** One issue on the field in each language (`titleZh` and `titleEn`, …). */
function both(ctx: z.RefinementCtx, field: 'title' | 'content', message: string): void {
  for (const lang of ['Zh', 'En']) ctx.addIssue({ code: 'custom', path: [`${field}${lang}`], message });
}

const title = z.string().trim().max(NOTICE_TITLE_MAX, 'crmNotice.error.titleTooLong');

/** `noticeSave`: an announcement, new (no `id`) or changed; its texts are HTML from the editor. */
export const noticeSaveSchema = z.object({
  id: z.uuid().optional(),
  titleZh: title.default(''),
  titleEn: title.default(''),
  contentZh: z.string().max(NOTICE_HTML_MAX, 'crmNotice.error.contentTooLong').default(''),
  contentEn: z.string().max(NOTICE_HTML_MAX, 'crmNotice.error.contentTooLong').default(''),
  allowComment: z.boolean().default(true),
  pinned: z.boolean().default(false),
  publish: z.enum(NOTICE_PUBLISH).default('draft'),
  /** The publishing time of `publish: 'schedule'`, ISO 8601 with an offset. */
  publishAt: z.iso.datetime({ offset: true }).optional(),
});
export type NoticeSaveInput = z.input<typeof noticeSaveSchema>;

/**
 * The editor form: the same fields with `publishAt` as the `datetime-local` input holds it (the
 * browser's time zone; sent as ISO), and the checks across fields the gateway makes too.
 */
export const noticeFormSchema = noticeSaveSchema
  .extend({ publishAt: z.string().default('') })
  .superRefine((value, ctx) => {
    // A missing title or text is missing in both languages: each tab says so.
    if (!value.titleZh && !value.titleEn) both(ctx, 'title', 'crmNotice.error.titleEmpty');
    if (!htmlHasContent(value.contentZh) && !htmlHasContent(value.contentEn)) both(ctx, 'content', 'crmNotice.error.contentEmpty');
    if (value.publish === 'schedule') {
      const at = value.publishAt ? new Date(value.publishAt).getTime() : NaN;
      if (!Number.isFinite(at)) ctx.addIssue({ code: 'custom', path: ['publishAt'], message: 'crmNotice.error.scheduleMissing' });
      else if (at <= Date.now()) ctx.addIssue({ code: 'custom', path: ['publishAt'], message: 'crmNotice.error.schedulePast' });
    }
  });
export type NoticeFormValues = z.input<typeof noticeFormSchema>;

/** `noticeMessageSend`: a message (plain text) to departments (with their sub-departments) and members. */
export const noticeMessageSchema = z.object({
  titleZh: title.default(''),
  titleEn: title.default(''),
  contentZh: z.string().max(NOTICE_TEXT_MAX, 'crmNotice.error.contentTooLong').default(''),
  contentEn: z.string().max(NOTICE_TEXT_MAX, 'crmNotice.error.contentTooLong').default(''),
  departmentIds: z.array(z.string().trim().min(1).max(40)).max(NOTICE_PICK_MAX, 'crmNotice.error.tooManyPicked').default([]),
  memberIds: z.array(z.uuid()).max(NOTICE_PICK_MAX, 'crmNotice.error.tooManyPicked').default([]),
});
export type NoticeMessageInput = z.input<typeof noticeMessageSchema>;

/** The message form: the checks across fields the gateway makes too. */
export const noticeMessageFormSchema = noticeMessageSchema.superRefine((value, ctx) => {
  if (!value.titleZh && !value.titleEn) both(ctx, 'title', 'crmNotice.error.titleEmpty');
  if (!value.contentZh.trim() && !value.contentEn.trim()) both(ctx, 'content', 'crmNotice.error.contentEmpty');
  if (value.departmentIds.length === 0 && value.memberIds.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['memberIds'], message: 'crmNotice.error.noRecipients' });
  }
});
export type NoticeMessageFormValues = z.input<typeof noticeMessageFormSchema>;
