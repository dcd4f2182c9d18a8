/**
 * Interface strings of the back office's shell: navigation, breadcrumbs, tables, forms, the
 * audit log and "my uploads"; spread into `zh.ts` and `en.ts` with the same keys.
 */
export const crmZh = {
  'route.crm': '管理后台',
  'route.crmUploads': '我的上传',
  'route.crmAudit': '操作日志',
  'route.crmDepartments': '部门管理',
  'route.crmPosts': '岗位管理',
  'route.crmMembers': '成员管理',
  'route.crmMemberImport': '批量导入成员',
  'route.crmSite': '站点设置',
  'route.crmNav': '导航菜单',
  'route.crmHome': '轮播图与首页专区',
  'route.crmEnums': '枚举选项',
  'route.crmAnnouncements': '公告管理',
  'route.crmAnnouncementEdit': '编辑公告',
  'route.crmAnnouncementReads': '公告阅读统计',
  'route.crmMessages': '发送消息',
};

export const crmEn: Record<keyof typeof crmZh, string> = {
  'route.crm': 'Back office',
  'route.crmUploads': 'My uploads',
  'route.crmAudit': 'Audit log',
  'route.crmDepartments': 'Departments',
  'route.crmPosts': 'Posts',
  'route.crmMembers': 'Members',
  'route.crmMemberImport': 'Import members',
  'route.crmSite': 'Site settings',
  'route.crmNav': 'Navigation menu',
  'route.crmHome': 'Banners and home zones',
  'route.crmEnums': 'Enum options',
  'route.crmAnnouncements': 'Announcements',
  'route.crmAnnouncementEdit': 'Edit announcement',
  'route.crmAnnouncementReads': 'Announcement reads',
  'route.crmMessages': 'Send a message',
};
