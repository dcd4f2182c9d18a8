/** The messages of the people pages (departments, posts, members, import), and the shared rules' texts. */
import { dataTableMessageKeys } from '@/components/crm/data-table/messages';
import { noAccessMessageKeys } from '@/components/crm/shell/NoAccess';
import type { MessageKey, Messages } from '@/i18n/index';
import { MEMBER_ROLES, peopleRuleMessages, type PeopleRuleKey } from '@/lib/schemas/people';

/** The shared rules' keys (`people.rule.*`): form errors are these keys, shown in the page's language. */
export const ruleMessageKeys = Object.keys(peopleRuleMessages) as PeopleRuleKey[] satisfies readonly MessageKey[];

/** The text of a form error: a rule's message, or the key itself when it is none (never expected). */
export function ruleText(messages: Partial<Record<string, string>>, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return messages[key] ?? key;
}

const commonKeys = [
  ...noAccessMessageKeys,
  ...ruleMessageKeys,
  'crm.table.cancel',
  'crm.table.retry',
  'crmPeople.loading',
  'crmPeople.loadFailed',
  'crmPeople.save',
  'crmPeople.saving',
  'crmPeople.undo',
] as const satisfies readonly MessageKey[];

const kindSuffixes = [
  'intro',
  'new',
  'newChild',
  'newTitle',
  'renameTitle',
  'moveTitle',
  'deleteTitle',
  'deleteText',
  'code',
  'parent',
  'under',
  'root',
  'tree',
  'empty',
  'created',
  'renamed',
  'moved',
  'deleted',
  'pick',
] as const;

export const orgMessageKeys = [
  ...commonKeys,
  ...kindSuffixes.map((s) => `crmPeople.department.${s}` as const),
  ...kindSuffixes.map((s) => `crmPeople.post.${s}` as const),
  'crmPeople.org.expandAll',
  'crmPeople.org.collapseAll',
  'crmPeople.org.keyboardHint',
  'crmPeople.org.members',
  'crmPeople.org.total',
  'crmPeople.org.dropRoot',
  'crmPeople.org.details',
  'crmPeople.org.nameZh',
  'crmPeople.org.nameEn',
  'crmPeople.org.ownMembers',
  'crmPeople.org.allMembers',
  'crmPeople.org.rename',
  'crmPeople.org.move',
  'crmPeople.org.moveUp',
  'crmPeople.org.moveDown',
  'crmPeople.org.delete',
  'crmPeople.org.codeHint',
  'crmPeople.org.place',
  'crmPeople.org.first',
  'crmPeople.org.after',
  'crmPeople.levels.title',
  'crmPeople.levels.intro',
  'crmPeople.levels.count',
] as const satisfies readonly MessageKey[];
export type OrgMessages = Messages<(typeof orgMessageKeys)[number]>;

export const memberFormMessageKeys = [
  ...commonKeys,
  'crmPeople.member.newTitle',
  'crmPeople.member.editTitle',
  'crmPeople.member.newHint',
  'crmPeople.member.passwordHint',
  'crmPeople.member.userName',
  'crmPeople.member.empNo',
  'crmPeople.member.phone',
  'crmPeople.member.email',
  'crmPeople.member.idCard',
  'crmPeople.member.joiningTime',
  'crmPeople.member.sex',
  'crmPeople.member.male',
  'crmPeople.member.female',
  'crmPeople.member.none',
  'crmPeople.member.userType',
  'crmPeople.member.userType.1',
  'crmPeople.member.userType.2',
  'crmPeople.member.userType.3',
  'crmPeople.member.department',
  'crmPeople.member.post',
  'crmPeople.member.postLevel',
  'crmPeople.member.dataSource',
  'crmPeople.member.dataSource.0',
  'crmPeople.member.dataSource.1',
  'crmPeople.member.isAdmin',
] as const satisfies readonly MessageKey[];
export type MemberFormMessages = Messages<(typeof memberFormMessageKeys)[number]>;

export const membersMessageKeys = [
  ...dataTableMessageKeys,
  ...memberFormMessageKeys,
  ...MEMBER_ROLES.map((r) => `crmPeople.role.${r}` as const),
  'crmPeople.status.0',
  'crmPeople.status.1',
  'crmPeople.filter.all',
  'crmPeople.filter.keyword',
  'crmPeople.filter.keywordHint',
  'crmPeople.filter.reset',
  'crmPeople.member.intro',
  'crmPeople.member.new',
  'crmPeople.member.import',
  'crmPeople.member.caption',
  'crmPeople.member.empty',
  'crmPeople.member.roles',
  'crmPeople.member.status',
  'crmPeople.member.actionsFor',
  'crmPeople.member.edit',
  'crmPeople.member.disable',
  'crmPeople.member.enable',
  'crmPeople.member.resetPassword',
  'crmPeople.member.disableTitle',
  'crmPeople.member.disableText',
  'crmPeople.member.enableTitle',
  'crmPeople.member.enableText',
  'crmPeople.member.resetTitle',
  'crmPeople.member.resetText',
  'crmPeople.member.created',
  'crmPeople.member.saved',
  'crmPeople.member.disabled',
  'crmPeople.member.enabled',
  'crmPeople.member.resetDone',
  'crmPeople.member.bulkDepartment',
  'crmPeople.member.bulkTitle',
  'crmPeople.member.bulkText',
  'crmPeople.member.bulkApply',
  'crmPeople.member.bulkDone',
  'crmPeople.member.pickDepartment',
] as const satisfies readonly MessageKey[];
export type MembersMessages = Messages<(typeof membersMessageKeys)[number]>;

export const importColumnFields = ['row', 'userName', 'empNo', 'phone', 'email', 'idCard', 'sex', 'joiningTime', 'department', 'post', 'postLevel', 'userType', 'problems'] as const;

export const importMessageKeys = [
  ...commonKeys,
  'crm.table.pagination',
  'crm.table.prev',
  'crm.table.next',
  'crm.table.pageOf',
  ...importColumnFields.map((f) => `crmPeople.import.column.${f}` as const),
  'crmPeople.import.step1',
  'crmPeople.import.step2',
  'crmPeople.import.step3',
  'crmPeople.import.step4',
  'crmPeople.import.templateHint',
  'crmPeople.import.template',
  'crmPeople.import.templateName',
  'crmPeople.import.fileHint',
  'crmPeople.import.file',
  'crmPeople.import.check',
  'crmPeople.import.checking',
  'crmPeople.import.chooseFirst',
  'crmPeople.import.summary',
  'crmPeople.import.onlyProblems',
  'crmPeople.import.start',
  'crmPeople.import.caption',
  'crmPeople.import.ok',
  'crmPeople.import.problem',
  'crmPeople.import.progress',
  'crmPeople.import.running',
  'crmPeople.import.failed',
  'crmPeople.import.done',
  'crmPeople.import.refusedInCentre',
  'crmPeople.import.downloadRefused',
  'crmPeople.import.fileNotReady',
  'crmPeople.import.toMembers',
  'crmPeople.import.again',
] as const satisfies readonly MessageKey[];
export type ImportMessages = Messages<(typeof importMessageKeys)[number]>;
