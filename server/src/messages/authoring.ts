/** The gateway's messages of the back office's course authoring (categories and courses), zh and en with the same keys. */
export const authoringMessagesZh = {
  'authoring.categoryNotFound': '课程分类不存在',
  'authoring.categoryInUse': '该分类下还有 {children} 个子分类、{courses} 门课程，不能删除',
  'authoring.categoryLoop': '不能把分类移到它自己或它的下级分类之下',
  'authoring.reorderMismatch': '排序须包含该层级的全部 {count} 个分类且每个一次，请刷新后重试',
  'authoring.courseNotFound': '课程不存在',
  'authoring.lecturersNotFound': '所选讲师中有不属于本企业的讲师',
  'authoring.copyName': '{name}（副本）',
} as const;

export const authoringMessagesEn: Record<keyof typeof authoringMessagesZh, string> = {
  'authoring.categoryNotFound': 'The category does not exist',
  'authoring.categoryInUse': 'The category still holds {children} categories and {courses} courses and cannot be deleted',
  'authoring.categoryLoop': 'A category cannot move under itself or a category under it',
  'authoring.reorderMismatch': 'The order must list each of the {count} categories of that level once; reload and try again',
  'authoring.courseNotFound': 'The course does not exist',
  'authoring.lecturersNotFound': 'Some chosen lecturers are not this company’s',
  'authoring.copyName': '{name} (copy)',
};
