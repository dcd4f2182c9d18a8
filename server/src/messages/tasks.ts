/** The gateway's messages of the back office's study tasks, zh and en with the same keys. */
export const taskMessagesZh = {
  'taskAdmin.notFound': '学习任务不存在',
  'taskAdmin.itemsNotFound': '所选课程或考试中有不属于本企业的',
  'taskAdmin.audienceNotFound': '所选部门、岗位或成员中有不属于本企业的',
  'taskAdmin.remindPast': '提醒时间（结束前 {days} 天）已过，请减少天数或延后结束时间',
  'taskAdmin.remindNobody': '没有需要提醒的成员：指派的成员都已完成',
} as const;

export const taskMessagesEn: Record<keyof typeof taskMessagesZh, string> = {
  'taskAdmin.notFound': 'The study task does not exist',
  'taskAdmin.itemsNotFound': 'Some chosen courses or exams are not this company’s',
  'taskAdmin.audienceNotFound': 'Some chosen departments, posts or members are not this company’s',
  'taskAdmin.remindPast': 'The reminder ({days} days before the end) would be in the past; choose fewer days or a later end',
  'taskAdmin.remindNobody': 'Nobody to remind: every assigned member has completed the task',
};
