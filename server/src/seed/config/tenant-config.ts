/**
 * The schema of a tenant file, `tenants/<host>.json`: the branding a company's site starts
 * with and the demo data the gateway seeds for it on first start. The file name is the host
 * (without port) the company is served on.
 */
import { z } from 'zod';
import { answersShownRules } from '@/api/exam-types';
import { PHONE_PATTERN } from '@/lib/phone';
import { announcementsSeedSchema } from './announcements';
import { communitySeedSchema } from './community';
import { downloadsSeedSchema } from './downloads';
import { homeSeedSchema } from './home';
import { empNoRef, localize, localizedTextSchema, seedKey, sitePath } from './parts';

export { localize, localizedTextSchema, type LocalizedText } from './parts';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a #rrggbb colour');
/** A site path (`/tenants/localhost/logo.svg`) or an https address. */
const assetUrl = z.string().regex(/^(\/[^/]|https:\/\/)/, 'a site path or an https address');

export const brandingSchema = z.strictObject({
  /** Company name. */
  name: localizedTextSchema,
  /** Browser title suffix. */
  title: localizedTextSchema,
  /** Logo image shown in the header. */
  logo: assetUrl,
  /** Favicon. */
  icon: assetUrl,
  /** Brand colours, applied as CSS variables by the site. */
  colors: z.strictObject({
    /** Buttons, links, the active menu item. */
    primary: hexColor,
    /** Text on the primary colour. */
    primaryForeground: hexColor,
    /** Soft backgrounds: hovered rows, badges. */
    accent: hexColor,
  }),
});

/** Navigation menu types (spec section 2): 1 home … 7 account, 10 custom link. */
export const navMenuTypes = [1, 2, 3, 4, 5, 6, 7, 10] as const;

export const navItemSchema = z
  .strictObject({
    /** Menu title. */
    title: localizedTextSchema,
    /** The page the item opens: 1 home, 2 train, 3 knowledge, 4 exam, 5 lecturer, 6 certificate, 7 account, 10 custom link. */
    navMenuType: z.literal(navMenuTypes),
    /** Site path of the item (for a custom link inside the site, or to override a type's page). */
    navUrl: z.string().default(''),
    /** External address of a custom link. */
    linkUrl: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).default(''),
    /** Shown in the menu (false keeps the item for other uses). */
    isMenu: z.boolean().default(true),
    /** Where the link opens. */
    target: z.enum(['_self', '_blank']).default('_self'),
  })
  .refine((item) => item.navMenuType !== 10 || item.navUrl !== '' || item.linkUrl !== '', {
    message: 'a custom link (type 10) needs navUrl or linkUrl',
  });

export const seedUserSchema = z.strictObject({
  /** Employee number, unique in the company (at most 20 characters). */
  empNo: z.string().min(1).max(20),
  /** User number used by profile calls; defaults to `<code>-<empNo>`. */
  userNo: z.string().min(1).max(40).optional(),
  /** Real name (at most 15 characters). */
  userName: z.string().min(1).max(15),
  /** Mobile phone; the same phone in two tenant files is one person with two memberships. */
  phone: z.string().regex(PHONE_PATTERN, 'an 11-digit mobile number'),
  /** Demo password; omitted, the user gets the company's initial password and must change it. */
  password: z.string().min(8).max(30).optional(),
  /** 1 normal, 2 teacher or lecturer, 3 organisation. */
  userType: z.literal([1, 2, 3]).default(1),
  /** Sees the admin entry. */
  isAdmin: z.boolean().default(false),
  /** 1: synchronised from the company's HR system; 0: created on the platform. */
  dataSource: z.number().int().min(0).default(0),
  /** `1` male, `2` female (the `sex` enum). */
  sex: z.enum(['1', '2']),
  /** Work email; may be empty for synchronised users. */
  email: z.union([z.email(), z.literal('')]).default(''),
  /** Resident ID card number (18 characters); may be empty for synchronised users. */
  idCard: z.union([z.string().regex(/^\d{17}[\dX]$/), z.literal('')]).default(''),
  /** Joining date, `YYYY-MM-DD`. */
  joiningTime: z.iso.date(),
  /** Department id and name. */
  department: z.strictObject({ id: z.string().min(1), name: z.string().min(1) }),
  /** Post id and name. */
  post: z.strictObject({ id: z.string().min(1), name: z.string().min(1) }),
  /** Post level, a value of the `postLevel` enum (`2_08`). */
  postLevel: z.string().regex(/^[1-4]_\d{2}$/),
  /** Profession. */
  professional: z.string().default(''),
  /** Assessment method. */
  assessmentMethod: z.string().default(''),
  /** User category for assessment. */
  assessmentUserCategory: z.string().default(''),
  /** WeCom user id (`userid`) of the member, for scan-code sign-in. */
  wecomUserId: z.string().min(1).max(128).optional(),
  /** DingTalk `unionId` of the member, for scan-code sign-in. */
  dingtalkUnionId: z.string().min(1).max(128).optional(),
});

/** An http(s) origin or base address of another service, without a trailing slash. */
const serviceBase = z
  .url({ protocol: /^https?$/ })
  .transform((url) => url.replace(/\/+$/, ''));

/** WeCom (企业微信) web login of the company's self-built app. */
export const wecomSettingsSchema = z.strictObject({
  /** The company's corp id (`ww…`), the `appid` of the login page. */
  corpId: z.string().min(1),
  /** The self-built app's agent id. */
  agentId: z.string().min(1),
  /** The app's secret; stays on the gateway. */
  secret: z.string().min(1),
  /** Host of the login page. */
  authorizeBase: serviceBase.default('https://login.work.weixin.qq.com'),
  /** Host of the server API (`/cgi-bin/…`). */
  apiBase: serviceBase.default('https://qyapi.weixin.qq.com'),
});

/** DingTalk (钉钉) login of the company's app. */
export const dingtalkSettingsSchema = z.strictObject({
  /** The app's client id (AppKey). */
  clientId: z.string().min(1),
  /** The app's client secret (AppSecret); stays on the gateway. */
  clientSecret: z.string().min(1),
  /** Host of the login page (`/oauth2/auth`). */
  authorizeBase: serviceBase.default('https://login.dingtalk.com'),
  /** Host of the server API (`/v1.0/…`). */
  apiBase: serviceBase.default('https://api.dingtalk.com'),
});

/** Scan-code sign-in through the company's workplace chat tools; each is optional. */
export const scanSettingsSchema = z.strictObject({
  wecom: wecomSettingsSchema.optional(),
  dingtalk: dingtalkSettingsSchema.optional(),
});

/** Single sign-on through the company's OpenID Connect provider. */
export const ssoSettingsSchema = z.strictObject({
  /** The provider's issuer identifier; its discovery document is read from it. */
  issuer: serviceBase,
  /** The client registered for this site, with `<site>/loginsso` as redirect URI. */
  clientId: z.string().min(1),
  /** The client's secret; stays on the gateway. */
  clientSecret: z.string().min(1),
  /** The provider's name on the sign-in page. */
  name: localizedTextSchema,
  /** The claim that holds the employee number. */
  claim: z.string().min(1).default('employee_number'),
});

// ---- learning demo content: objects refer to each other by `key`, members by `empNo`

/** A played span in seconds, `[start, end]`. */
const spanSchema = z.tuple([z.number().min(0), z.number().min(0)]);

export const learningCategorySchema = z.strictObject({
  /** Reference for courses. */
  key: seedKey,
  /** Category name. */
  name: localizedTextSchema,
  /** Sub-categories, in order. */
  get children() {
    return z.array(learningCategorySchema).default([]);
  },
});

export const learningLecturerSchema = z.strictObject({
  /** Reference for courses, projects and live rooms. */
  key: seedKey,
  /** Lecturer's name. */
  name: localizedTextSchema,
  /** Job title shown with the name. */
  title: localizedTextSchema.optional(),
  /** Short introduction. */
  intro: localizedTextSchema.optional(),
  /** Portrait, a site path. */
  avatar: sitePath.default(''),
  /** Level, 1 (junior) to 5 (chief). */
  level: z.int().min(1).max(5).default(1),
  /** Employee number of the member this lecturer is, if any. */
  empNo: z.string().min(1).optional(),
});

export const learningResourceSchema = z.strictObject({
  /** Reference for periods, coursewares and playbacks. */
  key: seedKey,
  /** 2 video, 3 audio, 4 document, 5 image, 6 archive. */
  type: z.literal([2, 3, 4, 5, 6]),
  /** Resource name. */
  name: localizedTextSchema,
  /** File name shown and used for downloads; its extension tells document kinds apart. */
  fileName: z.string().default(''),
  /** The file, a site path (`/media/demo/…`). */
  url: sitePath.default(''),
  /** A video's sources, HLS first. */
  playUrls: z
    .array(z.strictObject({ url: z.string().regex(/^\/[^/]/), type: z.enum(['hls', 'mp4']), definition: z.string().optional() }))
    .default([]),
  /** Player settings (`{ "poster": … }`), sent to the player as a JSON string. */
  videoConfig: z.record(z.string(), z.unknown()).default({}),
  /** Length in seconds of a video or audio, as the file really is. */
  duration: z.int().min(0).default(0),
  /** An image-and-text body: paragraphs and image site paths, in order. */
  body: z.array(z.strictObject({ type: z.enum(['text', 'image']), value: z.string().min(1) })).default([]),
});

export const learningExamSchema = z.strictObject({
  /** Reference for exam periods and exam tasks. */
  key: seedKey,
  /** Exam name. */
  name: localizedTextSchema,
  /** Time allowed, minutes. */
  duration: z.int().min(1).default(60),
  /** Full marks. */
  totalScore: z.int().min(1).default(100),
  /** Marks needed to pass. */
  passScore: z.int().min(0).default(60),
  /** Attempts allowed; 0 unlimited. */
  attempts: z.int().min(0).default(1),
});

export const researchQuestionSchema = z.strictObject({
  /** Key of the question within its questionnaire (answers and exports refer to it). */
  key: seedKey,
  /** The exam's question types: 1 single, 2 multiple, 3 judge (true or false), 4 fill-in, 5 short answer. */
  questionType: z.literal([1, 2, 3, 4, 5]),
  /** The question. */
  stem: localizedTextSchema,
  /** Choices of single and multiple questions, keyed A, B, C… */
  options: z.array(z.strictObject({ key: z.string().regex(/^[A-Z]$/), text: localizedTextSchema })).max(10).default([]),
  /** Fill-in questions: how many blanks. */
  blanks: z.int().min(1).max(10).optional(),
});

export const learningPeriodSchema = z.strictObject({
  /** Reference for progress rows; needed only by periods someone has progress in. */
  key: seedKey.optional(),
  /** Period name. */
  name: localizedTextSchema,
  /** 2 video or other resource, 3 exam, 4 image and text, 5 research, 6 offline training, 7 real operation, 8 job evaluation. */
  contentType: z.literal([2, 3, 4, 5, 6, 7, 8]),
  /** The resource the period plays or shows. */
  resource: seedKey.optional(),
  /** The exam of an exam period (content type 3). */
  exam: seedKey.optional(),
  /** The questionnaire of a research period (content type 5): questions of the exam's types, not scored. */
  questions: z.array(researchQuestionSchema).max(50).optional(),
});

export const learningCourseSchema = z.strictObject({
  /** Reference for tasks, projects, live rooms and progress. */
  key: seedKey,
  /** Course name. */
  name: localizedTextSchema,
  /** Introduction. */
  intro: localizedTextSchema.optional(),
  /** Cover image, a site path. */
  cover: sitePath.default(''),
  /** Category key. */
  category: seedKey.optional(),
  /** 1 published, 0 removed. */
  status: z.literal([0, 1]).default(1),
  /** False: only members who bought it may watch. */
  isFree: z.boolean().default(true),
  /** Price in yuan of a paid course, shown with its authorised-purchase request. */
  price: z.number().min(0).max(1_000_000).optional(),
  /** Credit hours granted on completion. */
  creditHours: z.int().min(0).default(0),
  /** Moving watermark with the viewer's name and employee number. */
  watermark: z.boolean().default(false),
  /** No seeking past the furthest point watched on first viewing. */
  antiSkip: z.boolean().default(false),
  /** Percentage of a period's duration that completes it. */
  completeRatio: z.int().min(1).max(100).default(95),
  /** Seconds a document page must stay shown before it counts as read. */
  pageSeconds: z.int().min(1).max(600).default(3),
  /** Lecturer keys, in order. */
  lecturers: z.array(seedKey).default([]),
  /** Chapters with their periods, in order. */
  chapters: z.array(z.strictObject({ name: localizedTextSchema, periods: z.array(learningPeriodSchema) })).default([]),
  /** Resource keys of the course's downloadable files, in order. */
  coursewares: z.array(seedKey).default([]),
  /** Members' ratings of a published course: `[empNo, 1–5, days ago]`, one per member. */
  ratings: z.array(z.tuple([empNoRef, z.int().min(1).max(5), z.number().min(0)])).default([]),
  /** Members' comments on the course. */
  comments: z
    .array(z.strictObject({ empNo: empNoRef, text: z.string().trim().min(1).max(500), daysAgo: z.number().min(0) }))
    .default([]),
});

/** A course in a study task or project; required or elective. */
const courseRefSchema = z.strictObject({
  /** Course key. */
  course: seedKey,
  /** Required (true) or elective. */
  required: z.boolean().default(true),
});

export const learningStudyTaskSchema = z.strictObject({
  /** Task name. */
  name: localizedTextSchema,
  /** Introduction. */
  intro: localizedTextSchema.optional(),
  /** Cover image, a site path. */
  cover: sitePath.default(''),
  /** 1 learning, 2 exam, 3 assessment, 4 coaching. */
  taskType: z.literal([1, 2, 3, 4]),
  /** Start, in days from the seeding moment (negative: in the past). */
  startInDays: z.number(),
  /** End, in days from the seeding moment; omitted: open-ended. */
  endInDays: z.number().optional(),
  /** Courses of the task, in order. */
  courses: z.array(courseRefSchema).default([]),
  /** Exam keys of an exam task. */
  exams: z.array(seedKey).default([]),
  /** Employee numbers of the members it is assigned to. */
  members: z.array(z.string().min(1)).default([]),
});

export const learningProjectSchema = z.strictObject({
  /** Reference for live rooms. */
  key: seedKey,
  /** Project name. */
  name: localizedTextSchema,
  /** Introduction. */
  intro: localizedTextSchema.optional(),
  /** Cover image, a site path. */
  cover: sitePath.default(''),
  /** 0 open to all, 1 register first, 2 register and wait for approval. */
  registration: z.literal([0, 1, 2]).default(0),
  /** Listed on the free list, open to every member. */
  isFree: z.boolean().default(false),
  /** Days a member may learn after joining; omitted: no limit. */
  studyDays: z.int().min(1).optional(),
  /** Start, in days from the seeding moment. */
  startInDays: z.number(),
  /** Learning closes for everyone, in days from the seeding moment; omitted: never. */
  studyEndInDays: z.number().optional(),
  /** Credit hours granted on completion. */
  creditHours: z.int().min(0).default(0),
  /** Phases with their courses, in order. */
  phases: z
    .array(z.strictObject({ name: localizedTextSchema, intro: localizedTextSchema.optional(), courses: z.array(courseRefSchema) }))
    .default([]),
  /** Courses outside any phase. */
  courses: z.array(courseRefSchema).default([]),
  /** Lecturer keys, in order. */
  lecturers: z.array(seedKey).default([]),
  /** Registrations: 0 waiting for review, 1 approved, 2 rejected; days relative to the seeding moment. */
  members: z
    .array(z.strictObject({ empNo: z.string().min(1), status: z.literal([0, 1, 2]), appliedInDays: z.number(), approvedInDays: z.number().optional() }))
    .default([]),
});

/** A time on the company's clock, relative to the seeding day (`server/src/seed/wall-clock.ts`). */
export const wallClockSchema = z
  .strictObject({
    /** Days from the seeding day. */
    inDays: z.int().optional(),
    /** 1 Monday … 7 Sunday, of the week `weeksAhead` weeks from the seeding week. */
    weekday: z.int().min(1).max(7).optional(),
    weeksAhead: z.int().optional(),
    /** Time of day, `HH:MM`. */
    at: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  })
  .refine((c) => c.inDays === undefined || c.weekday === undefined, 'either inDays or weekday');

export const learningLiveRoomSchema = z.strictObject({
  /** Room name. */
  name: localizedTextSchema,
  /** Introduction. */
  intro: localizedTextSchema.optional(),
  /** Cover image, a site path. */
  cover: sitePath.default(''),
  /** Lecturer key. */
  lecturer: seedKey.optional(),
  /** Course key the room belongs to. */
  course: seedKey.optional(),
  /** Start, in hours from the seeding moment (a room live at the seeding moment); or `start`. */
  startInHours: z.number().optional(),
  /** End, in hours from the seeding moment; or `hours` after `start`. */
  endInHours: z.number().optional(),
  /** Start on the company's clock (a launch at 14:00 in a week). */
  start: wallClockSchema.optional(),
  /** Length in hours, from `start`. */
  hours: z.number().positive().max(12).optional(),
  /** The live HLS source, a site path. */
  streamUrl: sitePath.default(''),
  /** Resource key of the recording. */
  playback: seedKey.optional(),
  /** Seconds without a heartbeat after which a viewer counts as hung up. */
  hangUpSeconds: z.int().min(10).default(90),
}).refine((r) => (r.start && r.hours ? r.startInHours === undefined && r.endInHours === undefined : r.startInHours !== undefined && r.endInHours !== undefined && !r.start && !r.hours), 'either startInHours and endInHours, or start and hours');

export const learningProgressSchema = z.strictObject({
  /** Employee number of the learner. */
  empNo: z.string().min(1),
  /** Course key. */
  course: seedKey,
  /** When the learner started the course, in days from the seeding moment. */
  startedInDays: z.number(),
  /** What was played of each period; progress, completion and study dynamics follow from it. */
  periods: z.array(
    z.strictObject({
      /** Period key. */
      period: seedKey,
      /** Played spans in seconds. */
      intervals: z.array(spanSchema),
      /** When it was last played, in days from the seeding moment. */
      atInDays: z.number(),
    }),
  ),
});

export const learningSeedSchema = z
  .strictObject({
    /** Course categories, a tree. */
    categories: z.array(learningCategorySchema).default([]),
    /** Lecturers. */
    lecturers: z.array(learningLecturerSchema).default([]),
    /** Media and documents. */
    resources: z.array(learningResourceSchema).default([]),
    /** Exams linked from courses and tasks. */
    exams: z.array(learningExamSchema).default([]),
    /** Courses, in list order. */
    courses: z.array(learningCourseSchema).default([]),
    /** Study tasks. */
    studyTasks: z.array(learningStudyTaskSchema).default([]),
    /** Study projects, in list order. */
    projects: z.array(learningProjectSchema).default([]),
    /** Live rooms. */
    liveRooms: z.array(learningLiveRoomSchema).default([]),
    /** Members' progress in courses. */
    progress: z.array(learningProgressSchema).default([]),
  })
  .superRefine((l, ctx) => {
    const keys = (items: { key?: string }[]) => new Set(items.flatMap((i) => (i.key ? [i.key] : [])));
    const flatten = (cs: LearningCategorySeed[]): LearningCategorySeed[] => cs.flatMap((c) => [c, ...flatten(c.children)]);
    const known = {
      category: keys(flatten(l.categories)),
      lecturer: keys(l.lecturers),
      resource: keys(l.resources),
      exam: keys(l.exams),
      course: keys(l.courses),
      period: keys(l.courses.flatMap((c) => c.chapters.flatMap((ch) => ch.periods))),
    };
    const check = (kind: keyof typeof known, key: string | undefined, path: (string | number)[]) => {
      if (key !== undefined && !known[kind].has(key)) ctx.addIssue({ code: 'custom', message: `unknown ${kind} '${key}'`, path });
    };
    l.courses.forEach((c, i) => {
      check('category', c.category, ['courses', i, 'category']);
      c.lecturers.forEach((k, j) => check('lecturer', k, ['courses', i, 'lecturers', j]));
      c.coursewares.forEach((k, j) => check('resource', k, ['courses', i, 'coursewares', j]));
      c.chapters.forEach((ch, j) =>
        ch.periods.forEach((p, k) => {
          check('resource', p.resource, ['courses', i, 'chapters', j, 'periods', k, 'resource']);
          check('exam', p.exam, ['courses', i, 'chapters', j, 'periods', k, 'exam']);
        }),
      );
    });
    l.studyTasks.forEach((t, i) => {
      t.courses.forEach((r, j) => check('course', r.course, ['studyTasks', i, 'courses', j]));
      t.exams.forEach((k, j) => check('exam', k, ['studyTasks', i, 'exams', j]));
    });
    l.projects.forEach((p, i) => {
      [...p.phases.flatMap((ph) => ph.courses), ...p.courses].forEach((r) => check('course', r.course, ['projects', i, 'courses']));
      p.lecturers.forEach((k, j) => check('lecturer', k, ['projects', i, 'lecturers', j]));
    });
    l.liveRooms.forEach((r, i) => {
      check('lecturer', r.lecturer, ['liveRooms', i, 'lecturer']);
      check('course', r.course, ['liveRooms', i, 'course']);
      check('resource', r.playback, ['liveRooms', i, 'playback']);
    });
    l.progress.forEach((p, i) => {
      check('course', p.course, ['progress', i, 'course']);
      p.periods.forEach((pp, j) => check('period', pp.period, ['progress', i, 'periods', j, 'period']));
    });
  });

// ---- exam demo content: exams, questions, tasks and records refer to each other by `key`, members by `empNo`


export const examOptionSchema = z.strictObject({
  /** Option key, `A`, `B`, … (`T` and `F` for true or false). */
  key: z.string().regex(/^[A-Z]$/, 'one capital letter'),
  /** Option text. */
  text: localizedTextSchema,
});

export const examQuestionSeedSchema = z
  .strictObject({
    /** Reference for the answers of finished records; unique within the exam. */
    key: seedKey,
    /** 1 single choice, 2 multiple choice, 3 true or false, 4 fill in the blank, 5 short answer. */
    type: z.literal([1, 2, 3, 4, 5]),
    /** 1 simple, 2 general, 3 more difficult, 4 difficult. */
    difficulty: z.literal([1, 2, 3, 4]).default(1),
    /** The question; blanks of a fill-in question are written `____`, one per accepted-answer list. */
    stem: localizedTextSchema,
    /** Choices of types 1–3, in their natural order; true or false uses the keys `T` and `F`. */
    options: z.array(examOptionSchema).default([]),
    /**
     * The fixed answer key: option keys for types 1–3 (`["B"]`, `["A", "C"]`, `["T"]`); per blank
     * the accepted texts for type 4 (`[["北京", "Beijing"]]`); a reference text per language for
     * type 5 (`["参考答案", "Reference answer"]`: zh first, then en).
     */
    answer: z.union([z.array(z.string().min(1)).min(1), z.array(z.array(z.string().min(1)).min(1)).min(1)]),
    /** Points. */
    score: z.int().min(1),
    /** Explanation shown in reviews that show answers. */
    analysis: localizedTextSchema.optional(),
  })
  .superRefine((q, ctx) => {
    const flat = q.answer.every((a) => typeof a === 'string');
    const keys = new Set(q.options.map((o) => o.key));
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message, path: ['answer'] });
    if (q.type <= 3) {
      if (!flat) return issue('option keys expected');
      if (q.options.length < 2) ctx.addIssue({ code: 'custom', message: 'at least two options', path: ['options'] });
      if (q.type === 3 && q.options.map((o) => o.key).join() !== 'T,F') ctx.addIssue({ code: 'custom', message: 'true or false options are T and F', path: ['options'] });
      for (const k of q.answer as string[]) if (!keys.has(k)) issue(`no option '${k}'`);
      if (new Set(q.answer as string[]).size !== q.answer.length) issue('an option key twice');
      if (q.type !== 2 && q.answer.length !== 1) issue('exactly one correct option');
      if (q.type === 2 && q.answer.length < 2) issue('at least two correct options');
    } else {
      if (q.options.length) ctx.addIssue({ code: 'custom', message: 'no options for this type', path: ['options'] });
      if (q.type === 4 && flat) issue('a list of accepted texts per blank');
      if (q.type === 4 && !flat) {
        const blanks = (localize(q.stem, 'zh').match(/____/g) ?? []).length;
        const blanksEn = (localize(q.stem, 'en').match(/____/g) ?? []).length;
        if (blanks !== q.answer.length || blanksEn !== q.answer.length) issue('one accepted-text list per ____ of the stem');
      }
      if (q.type === 5 && (!flat || q.answer.length !== 2)) issue('a reference text in zh and en');
    }
  });

export const examBatchSeedSchema = z.strictObject({
  /** Sitting name. */
  name: localizedTextSchema,
  /** Start, in hours from the seeding moment; or `start`. */
  startInHours: z.number().optional(),
  /** End, in hours from the seeding moment; or `hours` after `start`. */
  endInHours: z.number().optional(),
  /** Start on the company's clock: a morning sitting in the morning whenever the demo is seeded. */
  start: wallClockSchema.optional(),
  /** Length in hours, from `start`. */
  hours: z.number().positive().max(12).optional(),
  /** Seats. */
  capacity: z.int().min(1),
  /** Where the sitting takes place. */
  place: z.string().default(''),
}).refine((r) => (r.start && r.hours ? r.startInHours === undefined && r.endInHours === undefined : r.startInHours !== undefined && r.endInHours !== undefined && !r.start && !r.hours), 'either startInHours and endInHours, or start and hours');

export const examSeedSchema = z.strictObject({
  /** Reference for tasks and records; the key of an exam of the learning section extends that exam. */
  key: seedKey,
  /** Name of a new exam; omitted for an exam of the learning section, which keeps its name. */
  name: localizedTextSchema.optional(),
  /** Rules shown before the exam. */
  intro: localizedTextSchema.optional(),
  /** Time allowed, minutes. Omitted rules keep the learning section's value or the default. */
  duration: z.int().min(1).optional(),
  /** Marks needed to pass (full marks are the sum of the question scores). */
  passScore: z.int().min(0).optional(),
  /** Attempts allowed; 0 unlimited. */
  attempts: z.int().min(0).optional(),
  /** Times a candidate may leave the page; one more hands the paper in; 0 not counted. */
  screenSwitchLimit: z.int().min(0).optional(),
  shuffleQuestions: z.boolean().optional(),
  shuffleOptions: z.boolean().optional(),
  /**
   * When the candidate's review shows the correct answers and analysis: 'never',
   * 'afterLastAttempt' (the default), 'afterWindow', 'afterEachAttempt'.
   */
  answersShown: z.enum(answersShownRules).optional(),
  /** Multiple choice: a partly right answer without a wrong option earns half the score. */
  partialCredit: z.boolean().optional(),
  /** The exam's window, in days from the seeding moment; omitted: open. */
  startInDays: z.number().optional(),
  endInDays: z.number().optional(),
  /** Employee numbers of the members who mark its short answers. */
  markers: z.array(empNoRef).default([]),
  /** Questions, in paper order. */
  questions: z.array(examQuestionSeedSchema).default([]),
  /** Sittings candidates reserve. */
  batches: z.array(examBatchSeedSchema).default([]),
});

export const examTaskSeedSchema = z.strictObject({
  /** Exam key. */
  exam: seedKey,
  /** 1 the exam of the course that has it as a period, 2 assigned. */
  type: z.literal([1, 2]).default(2),
  /** Employee numbers; each gets a task. */
  members: z.array(empNoRef).min(1),
  /** When it was assigned, in days from the seeding moment. */
  assignedInDays: z.number().default(-7),
});

export const examPaperSeedSchema = z.strictObject({
  /** Start, in days from the seeding moment (in the past). */
  startedInDays: z.number().max(0),
  /** Minutes until hand-in; a 'timeout' paper is handed in at its deadline. */
  minutes: z.number().min(0).default(10),
  /** 'user' handed in, 'timeout' at the deadline, 'screen' past the screen-switch limit. */
  reason: z.enum(['user', 'timeout', 'screen']).default('user'),
  /** Times the candidate left the page (each kept as a screen event). */
  screenSwitches: z.int().min(0).default(0),
  /** The candidate's answers by question key; unanswered questions are left out. */
  answers: z.array(
    z.strictObject({
      /** Question key. */
      question: seedKey,
      /** Option keys (types 1–3), one text per blank (4), the text (5). */
      answer: z.array(z.string()).min(1),
      /** Points a marker gave a short answer; omitted: waiting to be marked. */
      mark: z.int().min(0).optional(),
    }),
  ),
});

export const examRecordSeedSchema = z.strictObject({
  /** Employee number of the candidate. */
  empNo: empNoRef,
  /** Exam key. */
  exam: seedKey,
  /** The task the papers belong to (made if the tasks list does not assign it). */
  type: z.literal([1, 2]).default(2),
  /** Handed-in papers, oldest first; scores and the task's status follow from the answers. */
  papers: z.array(examPaperSeedSchema).min(1),
});

export const examSectionSchema = z
  .strictObject({
    /** Exams; an entry whose key is an exam of the learning section adds to that exam. */
    exams: z.array(examSeedSchema).default([]),
    /** Exam tasks of members. */
    tasks: z.array(examTaskSeedSchema).default([]),
    /** Members' finished papers. */
    records: z.array(examRecordSeedSchema).default([]),
  })
  .superRefine((s, ctx) => {
    const byKey = new Map(s.exams.map((e) => [e.key, e]));
    if (byKey.size !== s.exams.length) ctx.addIssue({ code: 'custom', message: 'an exam key twice', path: ['exams'] });
    s.exams.forEach((e, i) => {
      const qs = new Set(e.questions.map((q) => q.key));
      if (qs.size !== e.questions.length) ctx.addIssue({ code: 'custom', message: 'a question key twice', path: ['exams', i, 'questions'] });
      const total = e.questions.reduce((sum, q) => sum + q.score, 0);
      if (e.passScore !== undefined && e.questions.length && e.passScore > total) {
        ctx.addIssue({ code: 'custom', message: 'pass score above full marks', path: ['exams', i, 'passScore'] });
      }
    });
    const check = (key: string, path: (string | number)[]) => {
      if (!byKey.has(key)) ctx.addIssue({ code: 'custom', message: `unknown exam '${key}'`, path });
    };
    s.tasks.forEach((t, i) => check(t.exam, ['tasks', i, 'exam']));
    s.records.forEach((r, i) => {
      check(r.exam, ['records', i, 'exam']);
      const questions = new Map(byKey.get(r.exam)?.questions.map((q) => [q.key, q]));
      r.papers.forEach((p, j) =>
        p.answers.forEach((a, k) => {
          const path = ['records', i, 'papers', j, 'answers', k];
          const q = questions.get(a.question);
          if (!q) return ctx.addIssue({ code: 'custom', message: `unknown question '${a.question}'`, path });
          if (a.mark !== undefined && (q.type !== 5 || a.mark > q.score)) ctx.addIssue({ code: 'custom', message: 'a mark is 0 to the score of a short answer', path });
          if (q.type === 4 && a.answer.length !== q.answer.length) ctx.addIssue({ code: 'custom', message: 'one text per blank', path });
        }),
      );
    });
  });

export const tenantConfigSchema = z.strictObject({
  /** JSON schema hint for editors; ignored. */
  $schema: z.string().optional(),
  /** Short stable code of the company (lower-case letters, digits, dashes). */
  code: z.string().regex(/^[a-z0-9-]{2,32}$/),
  /** What the site shows before and after the website view call. */
  branding: brandingSchema,
  /** Scan-code sign-in (WeCom, DingTalk); written to the database on first start. */
  scan: scanSettingsSchema.optional(),
  /** Single sign-on (OpenID Connect); written to the database on first start. */
  sso: ssoSettingsSchema.optional(),
  /** Data the gateway writes on its first start; later starts keep users' changes. */
  seed: z.strictObject({
    /** The company's initial password, given to new and reset accounts; stays on the gateway. */
    initialPassword: z.string().min(8).max(30),
    /** Top navigation menu, in order. */
    navItems: z.array(navItemSchema).min(1),
    /** Accounts of the company. */
    users: z.array(seedUserSchema),
    /** Courses, resources, study tasks, projects, live rooms and progress of the demo. */
    learning: learningSeedSchema.optional(),
    /** Exams with their questions, sittings, members' exam tasks and finished papers. */
    exams: examSectionSchema.optional(),
    /** Home banners, zones, featured lecturers, points, credit hours and certificates. */
    home: homeSeedSchema.optional(),
    /** Announcements with comments, and members' messages. */
    announcements: announcementsSeedSchema.optional(),
    /** Download-centre records with their files. */
    downloads: downloadsSeedSchema.optional(),
    /** Community blogs and questions with answers, comments, likes and bookmarks. */
    community: communitySeedSchema.optional(),
  })
  .superRefine((seed, ctx) => {
    if (!seed.exams) return;
    const learningExams = new Set(seed.learning?.exams.map((e) => e.key));
    const members = new Set(seed.users.map((u) => u.empNo));
    seed.exams.exams.forEach((e, i) => {
      if (learningExams.has(e.key) && e.name) ctx.addIssue({ code: 'custom', message: `exam '${e.key}' of the learning section keeps its name`, path: ['exams', 'exams', i, 'name'] });
      if (!learningExams.has(e.key) && !e.name) ctx.addIssue({ code: 'custom', message: `exam '${e.key}' needs a name`, path: ['exams', 'exams', i] });
      e.markers.forEach((m, j) => members.has(m) || ctx.addIssue({ code: 'custom', message: `unknown member ${m}`, path: ['exams', 'exams', i, 'markers', j] }));
    });
    const people = [...seed.exams.tasks.flatMap((t) => t.members), ...seed.exams.records.map((r) => r.empNo)];
    for (const m of people) if (!members.has(m)) ctx.addIssue({ code: 'custom', message: `unknown member ${m}`, path: ['exams'] });
  }),
});

export type TenantConfigInput = z.input<typeof tenantConfigSchema>;
export type TenantConfig = z.output<typeof tenantConfigSchema>;
export type SeedUser = z.output<typeof seedUserSchema>;
export type NavItemConfig = z.output<typeof navItemSchema>;
export type WecomSettings = z.output<typeof wecomSettingsSchema>;
export type DingtalkSettings = z.output<typeof dingtalkSettingsSchema>;
export type SsoSettings = z.output<typeof ssoSettingsSchema>;
export type LearningSeed = z.output<typeof learningSeedSchema>;
export type LearningCategorySeed = z.output<typeof learningCategorySchema>;
export type ExamSection = z.output<typeof examSectionSchema>;
export type ExamQuestionSeed = z.output<typeof examQuestionSeedSchema>;
