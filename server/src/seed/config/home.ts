/**
 * Home page demo content: banners, the zone picture, zones, featured lecturers, points, credit
 * hours and certificates. Part of a tenant file's `seed`. Courses, projects and lecturers are
 * named by their key in the learning section, members by employee number; the gateway's seed
 * checks those references and names a bad one.
 */
import { z } from 'zod';
import { pointSources } from '@/api/people-types';
import { empNoRef, localizedTextSchema, seedKey, sitePath } from './parts';

/** A picture, a site path (`/media/demo/home/banner-1.svg`). */
const picture = z.string().regex(/^\/[^/]/, 'a site path');
/** Where a click goes: a site path, an http(s) address, or '' for nowhere. */
const link = z.union([sitePath, z.url({ protocol: /^https?$/ })]).default('');

export const homeBannerSchema = z.strictObject({
  /** Title, also the picture's alternative text. */
  title: localizedTextSchema,
  /** The picture. */
  image: picture,
  /** Where a click goes. */
  link,
  /** Where the link opens. */
  target: z.enum(['_self', '_blank']).default('_self'),
});

export const homeZoneLogoSchema = z.strictObject({
  /** The zone picture. */
  image: picture,
  /** Where a click goes. */
  link,
  /** The slogan beside it. */
  slogan: localizedTextSchema,
});

const zoneTitle = { /** Zone title. */ title: localizedTextSchema };

/**
 * A home zone: `recommended` lists its own picks (course keys, in order), `newest` and
 * `hottest` the company's newest and most studied courses, `lecturers` the featured lecturers.
 */
export const homeZoneSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('recommended'), ...zoneTitle, courses: z.array(seedKey).min(1).max(8) }),
  z.strictObject({ type: z.literal('newest'), ...zoneTitle }),
  z.strictObject({ type: z.literal('hottest'), ...zoneTitle }),
  z.strictObject({ type: z.literal('lecturers'), ...zoneTitle }),
]);

export const homeReasonSchema = z.strictObject({
  /** Text of the ledger row. */
  text: localizedTextSchema,
  /** What earned it. */
  source: z.enum(pointSources).default('manual'),
  /** Key of the course (source `course`) or project (source `project`) that earned it. */
  ref: seedKey.optional(),
});

/** One ledger row: `[amount, reason key, days ago]`; a negative amount is spent. */
const ledgerEntry = z.tuple([z.number().refine((n) => n !== 0, 'not zero'), seedKey, z.number().min(0)]);
/** Ledger rows per employee number. */
const ledger = z.record(empNoRef, z.array(ledgerEntry).min(1)).default({});

/** Certificate issue ways (spec section 3): automatic on completion, or by hand. */
export const issueWays = { automatic: 1, manual: 2 } as const;

export const homeCertificateSchema = z
  .strictObject({
    /** Certificate name. */
    name: localizedTextSchema,
    /** Course key whose completion grants it. */
    course: seedKey.optional(),
    /** Project key whose completion grants it. */
    project: seedKey.optional(),
    /** Months it stays valid after issue; omitted: forever. */
    validMonths: z.int().min(1).optional(),
    /** Who holds it: `[employee number, issue way, issued days ago]`; expiry follows from `validMonths`. */
    holders: z.array(z.tuple([empNoRef, z.enum(['automatic', 'manual']), z.number().min(0)])).default([]),
  })
  .superRefine((c, ctx) => {
    if (c.course && c.project) ctx.addIssue({ code: 'custom', message: 'granted by a course or a project, not both', path: ['project'] });
    const seen = new Set<string>();
    c.holders.forEach(([empNo, way], i) => {
      if (seen.has(empNo)) ctx.addIssue({ code: 'custom', message: `holder ${empNo} twice`, path: ['holders', i] });
      seen.add(empNo);
      if (way === 'automatic' && !c.course && !c.project) {
        ctx.addIssue({ code: 'custom', message: 'automatic issue needs a course or project', path: ['holders', i] });
      }
    });
  });

export const homeSeedSchema = z
  .strictObject({
    /** Carousel banners, in order. */
    banners: z.array(homeBannerSchema).default([]),
    /** The zone picture and slogan. */
    zoneLogo: homeZoneLogoSchema.optional(),
    /** Zones, in order. */
    zones: z.array(homeZoneSchema).default([]),
    /** Featured lecturers (keys of the learning section), in order; at most 8. */
    lecturers: z.array(seedKey).max(8).default([]),
    /** Reasons the ledgers refer to, by key. */
    reasons: z.record(seedKey, homeReasonSchema).default({}),
    /** Points ledgers (whole numbers). */
    points: ledger,
    /** Credit-hour ledgers (one decimal). */
    creditHours: ledger,
    /** Certificates of the company and who holds them. */
    certificates: z.array(homeCertificateSchema).default([]),
  })
  .superRefine((s, ctx) => {
    for (const [key, reason] of Object.entries(s.reasons)) {
      const needsRef = reason.source === 'course' || reason.source === 'project';
      if (needsRef !== (reason.ref !== undefined)) {
        ctx.addIssue({ code: 'custom', message: 'a course or project reason names its key in ref, others none', path: ['reasons', key] });
      }
    }
    const check = (kind: 'points' | 'creditHours', valid: (n: number) => boolean, message: string) => {
      for (const [empNo, rows] of Object.entries(s[kind])) {
        rows.forEach(([amount, reason], i) => {
          if (!(reason in s.reasons)) ctx.addIssue({ code: 'custom', message: `unknown reason '${reason}'`, path: [kind, empNo, i] });
          if (!valid(amount)) ctx.addIssue({ code: 'custom', message, path: [kind, empNo, i] });
        });
      }
    };
    check('points', Number.isInteger, 'points are whole numbers');
    check('creditHours', (n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, 'credit hours have at most one decimal');
  });

export type HomeSeed = z.output<typeof homeSeedSchema>;
export type HomeSeedInput = z.input<typeof homeSeedSchema>;
