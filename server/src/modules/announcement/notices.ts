/**
 * The messages a learner gets when someone decides about them: an authorised purchase or a
 * project registration approved or refused, a paper marked. One wording per event, in both
 * languages, used by the handlers that decide and by the demo seed for the events it records.
 */
import { EXPORT_TIME_ZONE } from '../../exports';
import type { MessageInput } from './records';

interface Names {
  nameZh: string;
  nameEn: string;
}

/** An authorised-purchase request for a course, approved or refused with a reason. */
export function purchaseDecidedNotice(course: Names & { id: string }, approve: boolean, reason: string): MessageInput {
  return {
    titleZh: approve ? `课程《${course.nameZh}》授权购买申请已通过` : `课程《${course.nameZh}》授权购买申请未通过`,
    titleEn: approve
      ? `Your authorised purchase of “${course.nameEn}” was approved`
      : `Your authorised purchase of “${course.nameEn}” was not approved`,
    contentZh: approve ? `您现在可以学习课程《${course.nameZh}》了。` : `原因：${reason}`,
    contentEn: approve ? `You can now study “${course.nameEn}”.` : `Reason: ${reason}`,
    linkUrl: `/knowledge/course/${course.id}`,
  };
}

/** A registration for a project, approved or refused by its reviewer. */
export function registrationDecidedNotice(project: Names & { id: string }, approve: boolean): MessageInput {
  return {
    titleZh: approve ? `项目《${project.nameZh}》报名已通过` : `项目《${project.nameZh}》报名未通过`,
    titleEn: approve
      ? `Your registration for “${project.nameEn}” was approved`
      : `Your registration for “${project.nameEn}” was not approved`,
    contentZh: approve ? `您现在可以学习项目《${project.nameZh}》了。` : `如有疑问，请联系项目负责人。`,
    contentEn: approve ? `You can now study “${project.nameEn}”.` : `Please contact the project's organiser with any questions.`,
    linkUrl: `/knowledge/project/${project.id}`,
  };
}

/** A paper whose every short answer is now marked: its score and whether it passes. */
export function paperMarkedNotice(exam: Names, taskId: string, score: number, passed: boolean): MessageInput {
  return {
    titleZh: `考试《${exam.nameZh}》已阅卷`,
    titleEn: `Your “${exam.nameEn}” has been marked`,
    contentZh: `成绩 ${score} 分，${passed ? '已通过' : '未通过'}。`,
    contentEn: `Score ${score}: ${passed ? 'passed' : 'not passed'}.`,
    linkUrl: `/account/exam/${taskId}`,
  };
}

/** A member's upload approved into the library, or rejected with a reason. */
export function uploadReviewedNotice(resource: Names & { fileName: string }, approve: boolean, reason: string): MessageInput {
  const zh = resource.nameZh;
  const en = resource.nameEn || resource.nameZh;
  return {
    titleZh: approve ? `您上传的“${zh}”已通过审核` : `您上传的“${zh}”未通过审核`,
    titleEn: approve ? `Your upload “${en}” was approved` : `Your upload “${en}” was not approved`,
    contentZh: approve ? `文件 ${resource.fileName} 已加入企业资源库，可用于课程。` : `原因：${reason}。您可以修改后重新上传，或再次提交审核。`,
    contentEn: approve ? `The file ${resource.fileName} is now in the company's library, where courses can use it.` : `Reason: ${reason}. You may upload it again changed, or submit it again.`,
    linkUrl: '/crm/uploads',
  };
}

/** A day as the companies' clocks show it (China time), `2026-12-31`. */
const companyDay = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: EXPORT_TIME_ZONE });

/** A study task assigned to the member (by the back office, or on joining a department it names). */
export function taskAssignedNotice(task: Names & { id: string; endAt: Date | null }): MessageInput {
  const en = task.nameEn || task.nameZh;
  const until = task.endAt ? companyDay(task.endAt) : '';
  return {
    titleZh: `您有新的学习任务《${task.nameZh}》`,
    titleEn: `New study task: “${en}”`,
    contentZh: until ? `请在 ${until} 前完成。` : `请按时完成。`,
    contentEn: until ? `Please complete it by ${until}.` : `Please complete it in good time.`,
    linkUrl: `/account/task/${task.id}`,
  };
}

/** A reminder of a study task the member has not completed, with its end. */
export function taskReminderNotice(task: Names & { id: string; endAt: Date | null }): MessageInput {
  const en = task.nameEn || task.nameZh;
  const until = task.endAt ? companyDay(task.endAt) : '';
  return {
    titleZh: `学习任务《${task.nameZh}》尚未完成`,
    titleEn: `Study task “${en}” is not complete yet`,
    contentZh: until ? `任务将于 ${until} 结束，请尽快完成。` : `请尽快完成。`,
    contentEn: until ? `It ends on ${until}; please complete it soon.` : `Please complete it soon.`,
    linkUrl: `/account/task/${task.id}`,
  };
}
