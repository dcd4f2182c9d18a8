/** The gateway's messages of the back office's announcements and messages written in the back office, zh and en with the same keys. */
export const noticeMessagesZh = {
  'notice.notFound': '公告不存在',
  'notice.scheduleMissing': '请选择定时发布的时间',
  'notice.schedulePast': '定时发布的时间必须晚于现在',
  'notice.scheduleTooFar': '定时发布的时间不能晚于一年以后',
  'notice.imageInvalid': '图片无效，请重新上传',
  'notice.noRecipients': '请选择接收的部门或成员',
  'notice.departmentNotFound': '部门不存在',
  'notice.memberNotFound': '成员不存在或已停用',
  'notice.nobodyInDepartments': '所选部门中没有可接收消息的成员',
  'notice.readExportTitle': '公告阅读情况',
};

export const noticeMessagesEn: Record<keyof typeof noticeMessagesZh, string> = {
  'notice.notFound': 'The announcement does not exist',
  'notice.scheduleMissing': 'Choose when the announcement is published',
  'notice.schedulePast': 'The publishing time must be later than now',
  'notice.scheduleTooFar': 'The publishing time can be at most a year from now',
  'notice.imageInvalid': 'A picture is not valid; please upload it again',
  'notice.noRecipients': 'Choose the departments or members who receive it',
  'notice.departmentNotFound': 'The department does not exist',
  'notice.memberNotFound': 'The member does not exist or is disabled',
  'notice.nobodyInDepartments': 'The chosen departments have no members to receive it',
  'notice.readExportTitle': 'announcement-readers',
};
