/**
 * Limits and states of the back office's announcements and messages, without zod: for pages
 * that only need the numbers and names (the schemas in `notice.ts` re-export them).
 */

/** Longest title, in characters (as the learner side's announcements). */
export const NOTICE_TITLE_MAX = 100;
/** Longest text of an announcement or message, in characters (of an announcement's HTML: its text). */
export const NOTICE_TEXT_MAX = 10_000;
/** Longest HTML of an announcement's text in one language, markup included. */
export const NOTICE_HTML_MAX = 100_000;
/** Departments, and members, one message may be sent to by name. */
export const NOTICE_PICK_MAX = 200;
/** Longest keyword of the back office's lists. */
export const NOTICE_KEYWORD_MAX = 50;

/** Where an announcement stands: a draft, published later (scheduled), or published. */
export const NOTICE_STATES = ['draft', 'scheduled', 'published'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

/** What saving does: keep a draft, publish now, or publish at `publishAt`. */
export const NOTICE_PUBLISH = ['draft', 'now', 'schedule'] as const;
export type NoticePublish = (typeof NOTICE_PUBLISH)[number];
