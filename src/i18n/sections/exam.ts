/** Interface strings of the exam screens; spread into `zh.ts` and `en.ts` with the same keys. */
export const examZh = {
  'exam.timeUp': '考试时间已结束',
  'exam.screenWarning': '考试中不允许切屏，切屏后将自动交卷',
  'exam.screenLimit': '切屏次数超过限制，系统将自动交卷',
} as const;

export const examEn: Record<keyof typeof examZh, string> = {
  'exam.timeUp': 'The examination time has come to an end',
  'exam.screenWarning':
    'It is not allowed to cut the screen. After cutting the screen, the paper will be handed in automatically',
  'exam.screenLimit': 'The number of screen cutting exceeds the limit, and the paper will be handed in automatically',
};
