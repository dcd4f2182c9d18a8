/**
 * What is typed in the back office's announcement editor, kept in the tab's sessionStorage until
 * it is saved, so that nothing is lost to a failed call, a reload or a closed dialog. One entry
 * per announcement (`new` for one not saved yet); a broken or foreign entry reads as none.
 */
import type { NoticeFormValues } from '@/lib/schemas/notice';

const PREFIX = 'xt-crm-notice-draft:';

/** The entry's key of an announcement (undefined: a new one). */
export function draftKey(id: string | undefined): string {
  return `${PREFIX}${id ?? 'new'}`;
}

const FIELDS = ['titleZh', 'titleEn', 'contentZh', 'contentEn', 'publishAt'] as const;

/** The kept values, or undefined when there are none (or they are unreadable). */
export function readDraft(storage: Pick<Storage, 'getItem'>, key: string): NoticeFormValues | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const value = parsed as Record<string, unknown>;
  if (!FIELDS.every((f) => value[f] === undefined || typeof value[f] === 'string')) return undefined;
  return {
    titleZh: (value.titleZh as string | undefined) ?? '',
    titleEn: (value.titleEn as string | undefined) ?? '',
    contentZh: (value.contentZh as string | undefined) ?? '',
    contentEn: (value.contentEn as string | undefined) ?? '',
    allowComment: value.allowComment !== false,
    pinned: value.pinned === true,
    publish: value.publish === 'now' || value.publish === 'schedule' ? value.publish : 'draft',
    publishAt: (value.publishAt as string | undefined) ?? '',
  };
}

/** Keeps the values (a full or unavailable storage keeps nothing). */
export function writeDraft(storage: Pick<Storage, 'setItem'>, key: string, values: NoticeFormValues): void {
  try {
    storage.setItem(key, JSON.stringify(values));
  } catch {
    // Private mode or full: the form still holds the values.
  }
}

export function clearDraft(storage: Pick<Storage, 'removeItem'>, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}

/**
 * Plain text (an announcement written before the editor) as the editor's paragraphs.
 *
 * @example plainToHtml('A & B\n\nC') → '<p>A &amp; B</p><p>C</p>'
 */
export function plainToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escape(line)}</p>`)
    .join('');
}

/**
 * A time as a `datetime-local` input holds it, in the browser's time zone.
 *
 * @example localInputValue('2026-05-01T02:30:00Z') → '2026-05-01T10:30' (in UTC+8)
 */
export function localInputValue(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
