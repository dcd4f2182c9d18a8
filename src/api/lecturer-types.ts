/**
 * Response and body shapes of the lecturer calls: the directory, the ranking and a lecturer's
 * page. The gateway produces exactly these. Ids are UUID strings; texts in the request's language.
 */
import type { LecturerBrief } from '@/api/learning-types';

/** Longest directory keyword, in characters; the site's field and the gateway share it. */
export const LECTURER_KEYWORD_MAX = 50;

/** How many lecturers the ranking lists. */
export const LECTURER_RANK_SIZE = 10;

/**
 * A lecturer with what they teach: their published courses, the learners of those courses
 * (distinct members with progress in at least one) and the average of the ratings those
 * courses got (one decimal, 0 when none).
 */
export interface LecturerItem extends LecturerBrief {
  /** 1 (junior) to 5 (chief). */
  level: number;
  intro: string;
  courseCount: number;
  learnerCount: number;
  rating: number;
}

/** `lecturerPage`: the directory, filtered by `keyword` (name or title, either language, case aside). */
export interface LecturerPageBody {
  pageCurrent?: number;
  pageSize?: number;
  keyword?: string;
}

/** `lecturerRankList`: one place of the company's top lecturers, by learners taught. */
export interface LecturerRankEntry extends LecturerItem {
  /** 1 to {@link LECTURER_RANK_SIZE}; ties are broken, so no two share a place. */
  rank: number;
}

/** `lecturerView?lecturerId`: a lecturer's page. */
export interface LecturerDetail extends LecturerItem {
  /** How many ratings the average is made of. */
  ratingCount: number;
}
