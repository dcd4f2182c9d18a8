/**
 * The back office's people rules, shared by its forms, the gateway's calls and the member import:
 * field limits (spec section 5: a name has at most 15 characters, an employee number at most 20),
 * the checks of a member's fields and their messages (keys, texts in both languages). Without zod,
 * so that pages can show these texts without loading it; the form schemas are in
 * `@/lib/schemas/people`.
 */
import { emailMessages, isValidEmail } from '@/lib/email';
import { idCardMessages, isValidIdCard } from '@/lib/id-card';
import type { MessageTable } from '@/lib/messages';
import { isValidPhone } from '@/lib/phone';

export const MEMBER_NAME_MAX = 15;
export const EMP_NO_MAX = 20;
/** Department and post names, in each language. */
export const ORG_NAME_MAX = 50;
/** Department and post codes (`D110`), as stored. */
export const ORG_ID_MAX = 40;
export const ORG_ID_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Members one bulk change may name. */
export const BULK_MAX = 500;
export const EMAIL_MAX = 254;
export const ID_CARD_LENGTH = 18;

/** User types (spec section 3): 1 normal, 2 lecturer, 3 organisation. */
export const USER_TYPES = [1, 2, 3] as const;
export type UserType = (typeof USER_TYPES)[number];
/** Where a member comes from: 0 the back office, 1 the company's HR system. */
export const DATA_SOURCES = [0, 1] as const;
/** Member roles as the member list filters them. */
export const MEMBER_ROLES = ['admin', 'lecturer', 'organization', 'learner'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Messages of the member rules: the forms show them under a field, the gateway answers them, the import lists them per row. */
export const peopleRuleMessages = {
  'people.rule.nameRequired': { zh: '请输入姓名', en: 'Enter the name' },
  'people.rule.nameTooLong': { zh: `姓名不能超过 ${MEMBER_NAME_MAX} 个字符`, en: `The name can have at most ${MEMBER_NAME_MAX} characters` },
  'people.rule.empNoRequired': { zh: '请输入工号', en: 'Enter the employee number' },
  'people.rule.empNoTooLong': { zh: `工号不能超过 ${EMP_NO_MAX} 个字符`, en: `The employee number can have at most ${EMP_NO_MAX} characters` },
  'people.rule.empNoFormat': { zh: '工号不能包含空格', en: 'The employee number cannot contain spaces' },
  'people.rule.phoneInvalid': { zh: '请输入正确的手机号', en: 'Enter a correct mobile number' },
  'people.rule.emailInvalid': emailMessages['validation.email.invalid'],
  'people.rule.idCardInvalid': idCardMessages['validation.idCard.invalid'],
  'people.rule.joiningTimeInvalid': { zh: '请输入正确的入职日期（年-月-日）', en: 'Enter a correct joining date (YYYY-MM-DD)' },
  'people.rule.joiningTimeFuture': { zh: '入职日期不能晚于今天', en: 'The joining date cannot be later than today' },
  'people.rule.sexUnknown': { zh: '性别只能是 男 或 女', en: 'Sex must be Male or Female' },
  'people.rule.userTypeUnknown': {
    zh: '用户类型只能是 1（普通用户）、2（讲师）或 3（组织）',
    en: 'The user type must be 1 (normal user), 2 (lecturer) or 3 (organisation)',
  },
  'people.rule.departmentUnknown': { zh: '部门不存在', en: 'No such department' },
  'people.rule.departmentAmbiguous': { zh: '有多个同名部门，请填写部门编号', en: 'Several departments have this name: give the department code' },
  'people.rule.postUnknown': { zh: '岗位不存在', en: 'No such post' },
  'people.rule.postAmbiguous': { zh: '有多个同名岗位，请填写岗位编号', en: 'Several posts have this name: give the post code' },
  'people.rule.postLevelUnknown': { zh: '岗位职级不存在', en: 'No such post level' },
  'people.rule.empNoDuplicate': { zh: '工号在文件中重复', en: 'The employee number appears more than once in the file' },
  'people.rule.phoneDuplicate': { zh: '手机号在文件中重复', en: 'The mobile number appears more than once in the file' },
  'people.rule.empNoTaken': { zh: '工号已被本企业的成员使用', en: 'A member of the company already has this employee number' },
  'people.rule.phoneTaken': { zh: '该手机号已是本企业的成员', en: 'This mobile number already belongs to a member of the company' },
  'people.rule.orgNameRequired': { zh: '请输入名称', en: 'Enter the name' },
  'people.rule.orgNameTooLong': { zh: `名称不能超过 ${ORG_NAME_MAX} 个字符`, en: `A name can have at most ${ORG_NAME_MAX} characters` },
  'people.rule.orgIdFormat': { zh: '编号只能包含字母、数字、下划线和短横线', en: 'A code can hold letters, digits, underscores and hyphens only' },
  'people.rule.orgIdTooLong': { zh: `编号不能超过 ${ORG_ID_MAX} 个字符`, en: `A code can have at most ${ORG_ID_MAX} characters` },
} as const satisfies MessageTable;

export type PeopleRuleKey = keyof typeof peopleRuleMessages;

/** A problem of one field: which field, and the message key that says what is wrong. */
export interface FieldProblem {
  field: string;
  key: PeopleRuleKey;
}

/**
 * `YYYY-MM-DD` of a day that exists (from 1900); undefined otherwise.
 *
 * @example isoDay('2024-02-30') → undefined; isoDay('2024-02-29') → '2024-02-29'
 */
export function isoDay(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1900 ? value.trim() : undefined;
}

/** Today where the day is furthest ahead (UTC+14), so that no time zone's today counts as the future. */
export function latestToday(now = Date.now()): string {
  return new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** The member fields the rules below check (as typed: trimmed text). */
export interface CheckedFields {
  userName: string;
  empNo: string;
  phone: string;
  email: string;
  idCard: string;
  joiningTime: string;
}

/**
 * The problems of a member's own fields, in form order: name and employee number required and
 * within their limits, and the optional phone, email, ID card (with its checksum) and joining
 * date each well formed when given. Organisation fields are checked against the company's lists
 * elsewhere.
 *
 * @example memberFieldProblems({ userName: '', empNo: 'E1', phone: '123', email: '', idCard: '', joiningTime: '' })
 *   → [{ field: 'userName', key: 'people.rule.nameRequired' }, { field: 'phone', key: 'people.rule.phoneInvalid' }]
 */
export function memberFieldProblems(v: CheckedFields, today = latestToday()): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: keyof CheckedFields, key: PeopleRuleKey) => problems.push({ field, key });
  const name = v.userName.trim();
  if (!name) add('userName', 'people.rule.nameRequired');
  else if ([...name].length > MEMBER_NAME_MAX) add('userName', 'people.rule.nameTooLong');
  const empNo = v.empNo.trim();
  if (!empNo) add('empNo', 'people.rule.empNoRequired');
  else if (empNo.length > EMP_NO_MAX) add('empNo', 'people.rule.empNoTooLong');
  else if (/\s/.test(empNo)) add('empNo', 'people.rule.empNoFormat');
  const phone = v.phone.trim();
  if (phone && !isValidPhone(phone)) add('phone', 'people.rule.phoneInvalid');
  const email = v.email.trim();
  if (email && !isValidEmail(email)) add('email', 'people.rule.emailInvalid');
  const idCard = v.idCard.trim();
  if (idCard && !isValidIdCard(idCard)) add('idCard', 'people.rule.idCardInvalid');
  const joining = v.joiningTime.trim();
  if (joining) {
    const day = isoDay(joining);
    if (!day) add('joiningTime', 'people.rule.joiningTimeInvalid');
    else if (day > today) add('joiningTime', 'people.rule.joiningTimeFuture');
  }
  return problems;
}
