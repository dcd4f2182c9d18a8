/**
 * Course authoring's constants, free of zod so that pages may import them: a course's
 * statuses, the limits of the course form and the category tree, and the keys of the form's
 * messages. The schemas built on them are in `@/lib/schemas/authoring`.
 */
export const AUTHORING_ERRORS = {
  required: 'crmCourse.error.required',
  tooLong: 'crmCourse.error.tooLong',
  number: 'crmCourse.error.number',
  price: 'crmCourse.error.price',
  tooMany: 'crmCourse.error.tooMany',
  audience: 'crmCourse.error.audience',
} as const;

/** A course's status: 0 removed ('The course has been removed'), 1 published, 2 a draft no learner sees. */
export const COURSE_STATUS = { removed: 0, published: 1, draft: 2 } as const;
export type CourseStatus = (typeof COURSE_STATUS)[keyof typeof COURSE_STATUS];

/** Most lecturers a course names; most categories a parent holds in one order. */
export const MAX_COURSE_LECTURERS = 10;
export const MAX_CATEGORY_SIBLINGS = 200;
/** Highest price in fen (¥1,000,000.00), and credit hours a course may grant. */
export const MAX_PRICE_FEN = 100_000_000;
export const MAX_CREDIT_HOURS = 1000;
/** Most points completing one course earns. */
export const MAX_COURSE_POINTS = 10_000;

/**
 * Content types a period made in the back office may have (spec): 2 video or document from
 * the library, 3 exam, 4 image and text, 6 offline training, 7 real operation, 8 job
 * evaluation (the last three are recorded by lecturers; a research period's questionnaire is
 * not edited here).
 */
export const PERIOD_TYPES = [2, 3, 4, 6, 7, 8] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];
/** Resource types a period of type 2 may play (video, audio, document, archive) and type 4 shows (image). */
export const PLAYABLE_RESOURCE_TYPES = [2, 3, 4, 6] as const;
export const IMAGE_RESOURCE_TYPE = 5;
/** Most chapters, and periods in a chapter. */
export const MAX_COURSE_ITEMS = 200;
/** Resource types a course offers for download as courseware (not video): audio, documents, pictures, archives. */
export const COURSEWARE_RESOURCE_TYPES = [3, 4, 5, 6] as const;
/** Most coursewares a course offers. */
export const MAX_COURSEWARES = 50;

/** The resumable upload route of the library (the tus protocol), under the gateway's prefix. */
export const MEDIA_UPLOAD_PATH = 'course/crm/upload';
/** Largest file the library takes: 4 GiB. */
export const MAX_MEDIA_UPLOAD_BYTES = 4 * 1024 * 1024 * 1024;
/** What a library upload is, judged by its content: the resource type it becomes. */
export const RESOURCE_TYPE_OF_KIND = { video: 2, audio: 3, document: 4, image: 5, archive: 6 } as const;
/** File names the upload picker offers (the gateway decides by content, not by these). */
export const MEDIA_UPLOAD_ACCEPT = [
  '.mp4', '.mov', '.m4v', '.webm', '.mkv', '.avi', '.flv',
  '.mp3', '.m4a', '.wav', '.aac', '.ogg', '.flac',
  '.pdf', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.txt',
  '.png', '.jpg', '.jpeg', '.gif', '.webp',
  '.zip', '.rar', '.7z',
].join(',');
/** A library resource's processing: ready to use, being processed, or failed. */
export const RESOURCE_STATES = ['ready', 'processing', 'failed'] as const;
export type ResourceState = (typeof RESOURCE_STATES)[number];
/** Longest reason given when rejecting a member's upload. */
export const MAX_REVIEW_REASON = 200;
/** Review states the review page filters by. */
export const REVIEW_FILTERS = ['pending', 'approved', 'rejected'] as const;
/** Who may see a course: 0 the whole company, 1 only chosen departments (with those under them) and members. */
export const COURSE_AUDIENCE = { everyone: 0, chosen: 1 } as const;
/** Most departments, and members, a course's audience names. */
export const MAX_AUDIENCE = 500;
