/** Interface strings of the lecturer directory, the lecturer ranking and a lecturer's page; spread into `zh.ts` and `en.ts` with the same keys. */
export const lecturerZh = {
  'lecturer.title': '讲师风采',
  'lecturer.signIn': '去登录',

  // Levels, 1 (junior) to 5 (chief)
  'lecturer.level.1': '初级讲师',
  'lecturer.level.2': '中级讲师',
  'lecturer.level.3': '高级讲师',
  'lecturer.level.4': '资深讲师',
  'lecturer.level.5': '首席讲师',

  // What a lecturer teaches
  'lecturer.courses': '课程',
  'lecturer.learners': '学员',
  'lecturer.rating': '平均评分',
  'lecturer.unrated': '暂无评分',
  'lecturer.ratingValue': '平均评分 {value}（满分 5 分）',
  'lecturer.ratingCount': '共 {value} 次评分',

  // Directory
  'lecturer.list': '讲师列表',
  'lecturer.filters': '搜索讲师',
  'lecturer.keyword': '关键词',
  'lecturer.keywordPlaceholder': '搜索讲师姓名或职称',
  'lecturer.search': '搜索',
  'lecturer.resultCount': '共 {value} 位讲师',
  'lecturer.empty': '暂无讲师',
  'lecturer.emptySearch': '没有找到与“{keyword}”相关的讲师',
  'lecturer.clearSearch': '清除搜索',

  // Ranking
  'lecturer.rank.title': '讲师排行榜',
  'lecturer.rank.measure':
    '按授课学员数排名：在讲师已发布课程中开始学习的学员，每人只计一次；人数相同时比较课程平均评分，再按姓名排序。没有已发布课程的讲师不参与排名。',
  'lecturer.rank.place': '第 {rank} 名',
  'lecturer.rank.empty': '暂无讲师排名',

  // A lecturer's page
  'lecturer.back': '返回讲师列表',
  'lecturer.intro': '讲师简介',
  'lecturer.introEmpty': '这位讲师还没有简介。',
  'lecturer.courseList': '主讲课程',
  'lecturer.coursesEmpty': '这位讲师暂时没有已发布的课程。',
  'lecturer.notFound': '讲师不存在',
  'lecturer.notFoundDetail': '您的企业中没有编号为“{id}”的讲师。',
  'lecturer.missingId': '没有指定要查看的讲师。',
};

export const lecturerEn: Record<keyof typeof lecturerZh, string> = {
  'lecturer.title': 'Lecturers',
  'lecturer.signIn': 'Sign in',

  'lecturer.level.1': 'Junior lecturer',
  'lecturer.level.2': 'Intermediate lecturer',
  'lecturer.level.3': 'Senior lecturer',
  'lecturer.level.4': 'Principal lecturer',
  'lecturer.level.5': 'Chief lecturer',

  'lecturer.courses': 'Courses',
  'lecturer.learners': 'Learners',
  'lecturer.rating': 'Average rating',
  'lecturer.unrated': 'Not rated yet',
  'lecturer.ratingValue': 'Average rating {value} out of 5',
  'lecturer.ratingCount': 'Ratings: {value}',

  'lecturer.list': 'All lecturers',
  'lecturer.filters': 'Search lecturers',
  'lecturer.keyword': 'Keyword',
  'lecturer.keywordPlaceholder': 'Search by name or title',
  'lecturer.search': 'Search',
  'lecturer.resultCount': 'Lecturers found: {value}',
  'lecturer.empty': 'No lecturers yet',
  'lecturer.emptySearch': 'No lecturer matches “{keyword}”',
  'lecturer.clearSearch': 'Clear search',

  'lecturer.rank.title': 'Lecturer ranking',
  'lecturer.rank.measure':
    'Ranked by learners taught: members who have started any of the lecturer’s published courses, each counted once. Ties go to the higher average course rating, then by name. Lecturers without a published course are not ranked.',
  'lecturer.rank.place': 'Rank {rank}',
  'lecturer.rank.empty': 'No lecturers to rank yet',

  'lecturer.back': 'Back to lecturers',
  'lecturer.intro': 'About',
  'lecturer.introEmpty': 'This lecturer has no introduction yet.',
  'lecturer.courseList': 'Courses taught',
  'lecturer.coursesEmpty': 'This lecturer has no published courses yet.',
  'lecturer.notFound': 'The lecturer does not exist',
  'lecturer.notFoundDetail': 'There is no lecturer “{id}” in your company.',
  'lecturer.missingId': 'No lecturer was given.',
};
