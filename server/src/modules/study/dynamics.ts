/**
 * Study dynamics (`studyDynamicPage`): what the caller (or, with `scope: 'company'`, anyone of
 * their company) started, completed and joined, newest first, with the member's name and
 * portrait and the names of the course, period, project or live room in the caller's language.
 */
import type { StudyDynamic, StudyDynamicKind, StudyDynamicPageBody } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { scoped } from '../../db/access';
import type { AuthContext } from '../../routing';
import { pageResult, pageWindow, type Paging } from '../../paging';

interface Names {
  nameZh: string | null;
  nameEn: string | null;
}

const nameIn = (names: Names | null, lang: Locale) => (lang === 'en' && names?.nameEn ? names.nameEn : names?.nameZh) ?? '';

export async function studyDynamicPage(
  ctx: AuthContext,
  body: Paging & Omit<StudyDynamicPageBody, 'pageCurrent' | 'pageSize'>,
): Promise<PageResult<StudyDynamic>> {
  const dynamics = scoped(ctx.db, ctx.tenant.id).dynamics.of(body.scope === 'company' ? undefined : ctx.member.id);
  const [rows, total] = await Promise.all([dynamics.page(body, pageWindow(body)), dynamics.total(body)]);
  const list = rows.map(({ dynamic: d, member, course, item, project, room }): StudyDynamic => ({
    id: d.id,
    kind: d.kind as StudyDynamicKind,
    userName: member?.userName ?? '',
    headPortrait: member?.headPortrait ?? '',
    courseId: d.courseId,
    courseName: nameIn(course, ctx.lang),
    itemId: d.itemId,
    itemName: nameIn(item, ctx.lang),
    projectId: d.projectId,
    projectName: nameIn(project, ctx.lang),
    liveRoomId: room?.id ?? null,
    liveRoomName: nameIn(room, ctx.lang),
    createdAt: d.createdAt.toISOString(),
  }));
  return pageResult(list, body, total);
}
