/**
 * Messages written in the back office (administrators): one message (kind 2, plain text) to
 * every enabled member of the chosen departments, their sub-departments included, and to the
 * chosen members, once each, in one transaction with its audit record; each recipient's open
 * unread streams count again. And the member search the recipient picker uses.
 */
import { Code } from '@/api/codes';
import type { NoticeRecipient, NoticeSent } from '@/api/crm-notice-types';
import type { NoticeMessageInput } from '@/lib/schemas/notice';
import { recordAudit } from '../../audit';
import { scoped } from '../../db/access';
import { ApiError } from '../../envelope';
import { notifierOf } from '../../notify/unread';
import type { AuthContext } from '../../routing';
import { recordTexts } from './records';

/** Members the recipient search answers at most. */
export const RECIPIENT_SEARCH_LIMIT = 20;
/**
 * Beyond this many recipients, every stream of the company counts again (spread over a moment)
 * rather than one change per recipient.
 */
export const WIDE_SEND = 50;

const unique = <T>(values: T[]) => [...new Set(values)];

/** `noticeMessageSend`: sends the message; answers how many members received it. */
export async function noticeMessageSend(ctx: AuthContext, body: NoticeMessageInput): Promise<NoticeSent> {
  const eid = ctx.tenant.id;
  const texts = recordTexts({
    titleZh: body.titleZh ?? '',
    titleEn: body.titleEn ?? '',
    contentZh: body.contentZh ?? '',
    contentEn: body.contentEn ?? '',
  });
  const departmentIds = unique(body.departmentIds ?? []);
  const memberIds = unique(body.memberIds ?? []);
  if (departmentIds.length === 0 && memberIds.length === 0) throw new ApiError(Code.INVALID, 'notice.noRecipients');
  const sent = await ctx.db.transaction(async (tx) => {
    const scope = scoped(tx, eid);
    const s = scope.announcements;
    if ((await s.unknownDepartments(departmentIds)).length > 0) throw new ApiError(Code.NOT_FOUND, 'notice.departmentNotFound');
    if ((await s.unknownMembers(memberIds)).length > 0) throw new ApiError(Code.NOT_FOUND, 'notice.memberNotFound');
    const sent = await s.sendMessages({ ...texts, authorId: ctx.member.id }, { departmentIds, memberIds });
    if (sent.length === 0) throw new ApiError(Code.INVALID, 'notice.nobodyInDepartments');
    await recordAudit(scope, ctx.member, [
      {
        action: 'send',
        objectType: 'message',
        objectId: sent[0]!.id,
        objectLabel: texts.titleZh,
        changes: [
          { field: 'titleZh', before: null, after: texts.titleZh },
          { field: 'titleEn', before: null, after: texts.titleEn },
          { field: 'contentZh', before: null, after: texts.contentZh },
          { field: 'contentEn', before: null, after: texts.contentEn },
          { field: 'departmentIds', before: null, after: departmentIds },
          { field: 'memberIds', before: null, after: memberIds },
          { field: 'recipients', before: null, after: sent.length },
        ],
      },
    ]);
    return sent;
  });
  const notifier = notifierOf(ctx.db);
  if (sent.length > WIDE_SEND) notifier.enterpriseChanged(eid);
  else for (const { recipientId } of sent) notifier.memberChanged(eid, recipientId);
  return { count: sent.length };
}

/** `noticeRecipientSearch`: enabled members by name or employee number (the first ones without a keyword). */
export async function noticeRecipientSearch(ctx: AuthContext, keyword: string): Promise<NoticeRecipient[]> {
  const rows = await ctx.scope.announcements.searchMembers(keyword, ctx.lang, RECIPIENT_SEARCH_LIMIT);
  return rows.map((r) => ({ id: r.memberId, userName: r.userName, empNo: r.empNo, departmentName: r.departmentName }));
}
