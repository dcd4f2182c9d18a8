/**
 * Response and body shapes of the points and credit-hour ledgers and of the organisation
 * centre. The gateway produces exactly these. Ids are UUID strings; times ISO 8601; texts in
 * the request's language.
 */
import type { LearningStatus } from '@/api/learning-types';
import type { PageResult } from '@/api/types';

// ---- points and credit hours

/** The two ledgers of `accountRecordPage`: 1 points (whole numbers), 2 credit hours (one decimal). */
export const AccountRecordKind = { points: 1, creditHours: 2 } as const;
export type AccountRecordKind = (typeof AccountRecordKind)[keyof typeof AccountRecordKind];

/**
 * What earns or spends points and credit hours (a ledger row's `sourceType`). No daily
 * check-in: the site has none, so no points rule may claim one.
 */
export const pointSources = ['course', 'project', 'exam', 'manual'] as const;

/** What earned or spent a ledger row. */
export type PointSource = (typeof pointSources)[number];

/** One row of the caller's points or credit-hour ledger. */
export interface AccountRecord {
  id: string;
  kind: AccountRecordKind;
  /** Earned (above zero) or spent (below zero); credit hours have one decimal. */
  amount: number;
  /** Why, in the request's language. */
  reason: string;
  sourceType: PointSource;
  /** The course (`course`) or project (`project`) that earned it; null for other sources. */
  sourceId: string | null;
  /** That course's or project's name ('' when there is none, or it no longer exists). */
  sourceName: string;
  createdAt: string;
}

/** `accountRecordPage`: a page of the ledger, newest first, with the caller's whole total. */
export interface AccountRecordPage extends PageResult<AccountRecord> {
  /** The sum of every row of this ledger (not only this page): the caller's balance. */
  sum: number;
}

export interface AccountRecordPageBody {
  kind: AccountRecordKind;
  pageCurrent?: number;
  pageSize?: number;
}

// ---- the organisation centre

/** userType of organisation users, the only ones the organisation centre answers. */
export const ORGANISATION_USER_TYPE = 3;

/** Days back that count a learner as active. */
export const ACTIVE_DAYS = 30;

/**
 * `organizationOverview`: the caller's company at a glance. A learner is any member; a course
 * is started once the learner has progress in it; credit hours are the sum of the ledgers;
 * certificates are those held and not expired.
 */
export interface OrganizationOverview {
  learners: number;
  /** Learners who studied (progress or a study dynamic) in the last {@link ACTIVE_DAYS} days. */
  activeLearners: number;
  coursesStarted: number;
  coursesCompleted: number;
  /** Mean progress of the started courses, 0–100 with one decimal. */
  averageProgress: number;
  /** Completed out of started courses, 0–100 with one decimal. */
  completionRate: number;
  /** One decimal. */
  creditHours: number;
  certificates: number;
}

/**
 * A learner's status in the organisation centre: 0 no course started, 1 some started course
 * not completed yet, 2 every started course completed.
 */
export type LearnerStatus = LearningStatus;

/** Filters of `organizationLearnerPage` and `organizationLearnerExport`. */
export interface OrganizationLearnerFilters {
  /** Part of the name or the employee number. */
  keyword?: string;
  /** A department's id: its learners and those of the departments under it. */
  departmentId?: string;
  learningStatus?: LearnerStatus;
}

export interface OrganizationLearnerPageBody extends OrganizationLearnerFilters {
  pageCurrent?: number;
  pageSize?: number;
}

/** One learner of `organizationLearnerPage`, by employee number. */
export interface OrganizationLearner {
  id: string;
  userName: string;
  empNo: string;
  departmentId: string;
  /** The department's path in the request's language (`R&D Centre · Architecture`). */
  departmentName: string;
  postName: string;
  learningStatus: LearnerStatus;
  coursesStarted: number;
  coursesCompleted: number;
  /** Mean progress of the learner's started courses, 0–100 (0 with none). */
  averageProgress: number;
  /** One decimal. */
  creditHours: number;
  certificates: number;
  /** The latest progress or study dynamic; null when the learner never studied. */
  lastStudyAt: string | null;
}
