/** The messages the study islands receive: each island's list is the parts it shows. */
import { loadStateMessageKeys } from '@/components/ui/messages';
import type { Messages } from '@/i18n/index';

/** The `LoginFirst` notice. */
const signInKeys = ['auth.loginFirst', 'study.signIn'] as const;

/** {@link StudyCourseItem} lists. */
const courseItemKeys = [
  'study.required',
  'study.elective',
  'study.requiredCourses',
  'study.electiveCourses',
  'study.openCourse',
  'study.courseLocked',
  'learning.status.0',
  'learning.status.1',
  'learning.status.2',
  'learning.progress',
  'learning.minutes',
  'learning.seconds',
  'learning.creditHours',
] as const;

/** {@link StudyComments}. */
const commentKeys = [
  'study.comments',
  'study.commentLabel',
  'study.commentPlaceholder',
  'study.commentPost',
  'study.commentPosted',
  'study.commentDelete',
  'study.commentDeleted',
  'study.commentsEmpty',
  'study.commentLimit',
  'learning.commentFailed',
] as const;

/** Like, collection and rating. */
const actionKeys = [
  'study.collect',
  'study.collected',
  'study.like',
  'study.liked',
  'study.likeCount',
  'study.rating',
  'study.myRating',
  'study.rateLabel',
  'study.rated',
] as const;

/** {@link ProjectCard}. */
const projectCardKeys = [
  'study.project.free',
  'study.courseCount',
  'study.project.registration.0',
  'study.project.registration.1',
  'study.project.registration.2',
  'study.project.memberStatus.0',
  'study.project.memberStatus.1',
  'study.project.memberStatus.2',
  'learning.status.0',
  'learning.status.1',
  'learning.status.2',
  'learning.progress',
  'learning.learners',
  'learning.creditHours',
] as const;

/** Exam statuses 0–4 (waiting for test, pass, fail, waiting to be marked, absent). */
export const examStatusKeys = [
  'study.examStatus.0',
  'study.examStatus.1',
  'study.examStatus.2',
  'study.examStatus.3',
  'study.examStatus.4',
] as const;

const taskTypeKeys = ['study.taskType.1', 'study.taskType.2', 'study.taskType.3', 'study.taskType.4'] as const;

/** {@link TaskCard}. */
const taskCardKeys = [
  ...taskTypeKeys,
  'study.courseCount',
  'study.dateRange',
  'study.noEnd',
  'learning.status.0',
  'learning.status.1',
  'learning.status.2',
  'learning.progress',
  'learning.timeExpired',
] as const;

export const taskMessageKeys = [
  ...loadStateMessageKeys,
  ...signInKeys,
  ...courseItemKeys,
  ...commentKeys,
  ...actionKeys,
  ...taskCardKeys,
  'study.startAt',
  'study.endAt',
  'study.task.notFound',
  'study.task.exams',
  'study.task.takeExam',
  ...examStatusKeys,
] as const;
export type TaskMessages = Messages<(typeof taskMessageKeys)[number]>;

export const projectMessageKeys = [
  ...loadStateMessageKeys,
  ...signInKeys,
  ...courseItemKeys,
  ...commentKeys,
  ...actionKeys,
  ...projectCardKeys,
  'study.dateRange',
  'study.noEnd',
  'study.project.notFound',
  'study.project.lecturers',
  'study.project.phases',
  'study.project.register',
  'study.project.registered',
  'study.project.studyUntil',
  'study.project.related',
  'study.project.registrations',
  'study.project.statusFilter',
  'study.project.allStatus',
  'study.project.memberName',
  'study.project.empNo',
  'study.project.department',
  'study.project.appliedAt',
  'study.project.actions',
  'study.project.approve',
  'study.project.reject',
  'study.project.approved',
  'study.project.rejected',
  'study.project.noMembers',
  'learning.registerFirst',
  'learning.waitReview',
  'learning.timeExpired',
] as const;
export type ProjectMessages = Messages<(typeof projectMessageKeys)[number]>;

export const freeListMessageKeys = [
  ...loadStateMessageKeys,
  ...signInKeys,
  ...projectCardKeys,
  'study.freeList.title',
  'study.freeList.more',
] as const;
export type FreeListMessages = Messages<(typeof freeListMessageKeys)[number]>;

export const trainMessageKeys = [
  ...loadStateMessageKeys,
  ...signInKeys,
  ...projectCardKeys,
  ...taskCardKeys,
  'study.train.tabs',
  'study.train.projects',
  'study.train.tasks',
  'study.train.progress',
  'study.train.records',
  'study.train.allProjects',
  'study.train.joinedProjects',
  'study.train.filter',
  'study.train.allTasks',
  'study.train.taskStatus',
  'study.train.name',
  'study.train.kind',
  'study.train.kind.project',
  'study.train.kind.task',
  'study.train.progressCol',
  'study.train.requiredDone',
  'study.train.electiveDone',
  'study.train.credit',
  'study.train.updatedAt',
  'study.train.course',
  'study.train.status',
  'study.train.studyTime',
  'study.train.startedAt',
  'study.train.completedAt',
  'study.train.export',
  'study.train.exportProgress',
  'study.train.exporting',
  'study.train.exportStarted',
  'study.train.live',
  'study.train.allLive',
  'study.train.liveStart',
  'study.train.liveEmpty',
  'live.status.1',
  'live.status.2',
  'live.status.3',
  'live.lecturer',
  'live.playback',
] as const;
export type TrainMessages = Messages<(typeof trainMessageKeys)[number]>;

/** What the shared parts read; every island's messages include these. */
export type SignInMessages = Messages<(typeof signInKeys)[number]>;
export type CourseItemMessages = Messages<(typeof courseItemKeys)[number]>;
export type CommentMessages = Messages<(typeof commentKeys)[number]>;
export type ActionMessages = Messages<(typeof actionKeys)[number]>;
export type ProjectCardMessages = Messages<(typeof projectCardKeys)[number]>;
export type TaskCardMessages = Messages<(typeof taskCardKeys)[number]>;
