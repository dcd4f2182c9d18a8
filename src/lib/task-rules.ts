/**
 * Study task authoring's constants, free of zod so that pages may import them: the task types,
 * the audiences, the limits of the form and the keys of its messages. The schemas built on them
 * are in `@/lib/schemas/task`.
 */
/** Most courses and exams one task holds, and departments, posts or members its audience names. */
export const MAX_TASK_ITEMS = 100;
export const MAX_TASK_AUDIENCE = 500;
/** Longest reminder lead, days before the end. */
export const MAX_REMIND_DAYS = 30;
/** Task types (spec): 1 learning, 2 exam, 3 assessment, 4 coaching. */
export const TASK_TYPES = [1, 2, 3, 4] as const;
/** Who must do a task: the whole company, or the chosen departments, posts and members. */
export const TASK_AUDIENCE = { everyone: 0, chosen: 1 } as const;

export const TASK_ERRORS = {
  time: 'crmTask.error.time',
  order: 'crmTask.error.order',
  items: 'crmTask.error.items',
  duplicate: 'crmTask.error.duplicate',
  audience: 'crmTask.error.audience',
  remind: 'crmTask.error.remind',
  remindNoEnd: 'crmTask.error.remindNoEnd',
} as const;

