/** Interface strings of the lecturer directory, the lecturer ranking and a lecturer's page; spread into `zh.ts` and `en.ts` with the same keys. */
export const lecturerZh = {
  'lecturer.title': '讲师风采',
};

export const lecturerEn: Record<keyof typeof lecturerZh, string> = {
  'lecturer.title': 'Lecturers',
};
