/**
 * The zod schemas of the back office's department, post and member forms, used by the forms and
 * by the gateway's calls alike; the rules and their messages are `@/lib/people-rules` (re-exported).
 */
import { z } from 'zod';
import { EMAIL_MAX, EMP_NO_MAX, ID_CARD_LENGTH, MEMBER_NAME_MAX, memberFieldProblems, ORG_ID_MAX, ORG_ID_PATTERN, ORG_NAME_MAX, BULK_MAX } from '@/lib/people-rules';

export * from '@/lib/people-rules';

const orgName = z.string().trim().min(1, 'people.rule.orgNameRequired').max(ORG_NAME_MAX, 'people.rule.orgNameTooLong');
const orgId = z.string().trim().max(ORG_ID_MAX, 'people.rule.orgIdTooLong').regex(ORG_ID_PATTERN, 'people.rule.orgIdFormat');
const parentId = z.union([z.literal(''), orgId]);

/** A new department or post: its names, its parent (`''`: at the root) and, optionally, its own code. */
export const orgCreateSchema = z.object({
  id: z.union([z.literal(''), orgId]).optional(),
  parentId: parentId.default(''),
  nameZh: orgName,
  nameEn: orgName,
});

export const orgRenameSchema = z.object({ id: orgId, nameZh: orgName, nameEn: orgName });

/** Moves a department or post under `parentId` (`''`: the root), at `index` among its new siblings. */
export const orgMoveSchema = z.object({ id: orgId, parentId, index: z.number().int().min(0).max(10_000) });

export const orgIdSchema = z.object({ id: orgId });

/**
 * A member as the back office creates and edits them. Lengths are checked here; the formats
 * (phone, email, ID card, joining date) by {@link memberFieldProblems}, which
 * {@link memberFormSchema} adds for the form and the gateway runs itself.
 */
export const memberSchema = z.object({
  userName: z.string().trim().min(1, 'people.rule.nameRequired').max(MEMBER_NAME_MAX, 'people.rule.nameTooLong'),
  empNo: z.string().trim().min(1, 'people.rule.empNoRequired').max(EMP_NO_MAX, 'people.rule.empNoTooLong'),
  phone: z.string().trim().max(20, 'people.rule.phoneInvalid').default(''),
  email: z.string().trim().max(EMAIL_MAX, 'people.rule.emailInvalid').default(''),
  idCard: z.string().trim().max(ID_CARD_LENGTH, 'people.rule.idCardInvalid').default(''),
  sex: z.enum(['', '1', '2']).default(''),
  joiningTime: z.string().trim().max(10, 'people.rule.joiningTimeInvalid').default(''),
  departmentId: z.string().trim().max(ORG_ID_MAX).default(''),
  postId: z.string().trim().max(ORG_ID_MAX).default(''),
  postLevel: z.string().trim().max(16).default(''),
  userType: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  isAdmin: z.boolean().default(false),
  dataSource: z.union([z.literal(0), z.literal(1)]).default(0),
});

/** What the member form sends (and the gateway's create reads). */
export type MemberFields = z.output<typeof memberSchema>;

/** The member form's schema: the lengths and every format rule, each message a key of {@link peopleRuleMessages}. */
export const memberFormSchema = memberSchema.superRefine((value, ctx) => {
  for (const problem of memberFieldProblems(value)) {
    ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.key });
  }
});

export const memberUpdateSchema = memberSchema.extend({ id: z.uuid() });

/** Members of the list at once: 1 to {@link BULK_MAX} ids. */
export const memberIdsSchema = z.array(z.uuid()).min(1).max(BULK_MAX);
