/** The gateway's messages of the back office's study projects, zh and en with the same keys. */
export const projectMessagesZh = {
  'projectAdmin.notFound': '学习项目不存在',
  'projectAdmin.coursesNotFound': '所选课程中有不属于本企业的课程',
  'projectAdmin.lecturersNotFound': '所选讲师中有不属于本企业的讲师',
  'projectAdmin.phaseNotFound': '阶段不属于这个学习项目，请刷新后重试',
  'projectAdmin.certificateNotFound': '所选证书不属于本企业',
  'projectAdmin.certificateTaken': '证书“{name}”已由{kind}“{owner}”颁发，请先在那里取消，或选择其他证书',
  'projectAdmin.kind.course': '课程',
  'projectAdmin.kind.project': '学习项目',
  'projectAdmin.registrationNotFound': '该报名不存在',
  'projectAdmin.decidedAlready': '该报名已审核，请刷新后查看',
} as const;

export const projectMessagesEn: Record<keyof typeof projectMessagesZh, string> = {
  'projectAdmin.notFound': 'The study project does not exist',
  'projectAdmin.coursesNotFound': 'Some of the chosen courses are not courses of your company',
  'projectAdmin.lecturersNotFound': 'Some of the chosen lecturers are not lecturers of your company',
  'projectAdmin.phaseNotFound': 'A phase does not belong to this project; reload and try again',
  'projectAdmin.certificateNotFound': 'The chosen certificate is not one of your company',
  'projectAdmin.certificateTaken': 'The certificate "{name}" is already issued by the {kind} "{owner}"; remove it there first or choose another certificate',
  'projectAdmin.kind.course': 'course',
  'projectAdmin.kind.project': 'study project',
  'projectAdmin.registrationNotFound': 'The registration does not exist',
  'projectAdmin.decidedAlready': 'The registration has already been decided; reload to see it',
} as const;
