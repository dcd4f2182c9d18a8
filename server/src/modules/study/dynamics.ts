/**
 * Study dynamics (`studyDynamicPage`): what the caller (or, with `scope: 'company'`, anyone of
 * their company) started, completed and joined, newest first, with the member's name and
 * portrait and the names of the course, period, project or live room in the caller's language.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { StudyDynamic, StudyDynamicKind, StudyDynamicPageBody, StudyDynamicScope } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import type { Db } from '../../db/client';
import { courseItems, courses, enterpriseUsers, liveAttendance, liveRooms, projects, studyDynamics } from '../../db/schema';
import type { AuthContext } from '../../routing';
import { pageResult, pageWindow, type Paging, type RowWindow } from '../../paging';

type Filter = Omit<StudyDynamicPageBody, 'pageCurrent' | 'pageSize' | 'scope'>;

interface Names {
  nameZh: string | null;
  nameEn: string | null;
}

/**
 * The dynamics of one enterprise, of one member when `memberId` is given; every joined row is
 * held to the same enterprise.
 */
function dynamicsOf(db: Db, eid: string, memberId: string | undefined) {
  function where(filter: Filter): SQL | undefined {
    return and(
      eq(studyDynamics.enterpriseId, eid),
      memberId === undefined ? undefined : eq(studyDynamics.enterpriseUserId, memberId),
      filter.courseId === undefined ? undefined : eq(studyDynamics.courseId, filter.courseId),
      filter.kind === undefined ? undefined : eq(studyDynamics.kind, filter.kind),
    );
  }

  return {
    page(filter: Filter, paging: RowWindow) {
      return db
        .select({
          dynamic: studyDynamics,
          member: { userName: enterpriseUsers.userName, headPortrait: enterpriseUsers.headPortrait },
          course: { nameZh: courses.nameZh, nameEn: courses.nameEn },
          item: { nameZh: courseItems.nameZh, nameEn: courseItems.nameEn },
          project: { nameZh: projects.nameZh, nameEn: projects.nameEn },
          room: { id: liveRooms.id, nameZh: liveRooms.nameZh, nameEn: liveRooms.nameEn },
        })
        .from(studyDynamics)
        .leftJoin(enterpriseUsers, and(eq(enterpriseUsers.enterpriseId, eid), eq(enterpriseUsers.id, studyDynamics.enterpriseUserId)))
        .leftJoin(courses, and(eq(courses.enterpriseId, eid), eq(courses.id, studyDynamics.courseId)))
        .leftJoin(courseItems, and(eq(courseItems.enterpriseId, eid), eq(courseItems.id, studyDynamics.itemId)))
        .leftJoin(projects, and(eq(projects.enterpriseId, eid), eq(projects.id, studyDynamics.projectId)))
        // A live dynamic is written with the first attendance, in one transaction: same moment.
        .leftJoin(
          liveAttendance,
          and(
            eq(studyDynamics.kind, 5),
            eq(liveAttendance.enterpriseId, eid),
            eq(liveAttendance.enterpriseUserId, studyDynamics.enterpriseUserId),
            eq(liveAttendance.joinedAt, studyDynamics.createdAt),
          ),
        )
        .leftJoin(liveRooms, and(eq(liveRooms.enterpriseId, eid), eq(liveRooms.id, liveAttendance.roomId)))
        .where(where(filter))
        // At one moment, a completed course comes after its completed period.
        .orderBy(desc(studyDynamics.createdAt), desc(studyDynamics.kind), desc(studyDynamics.id))
        .limit(paging.limit)
        .offset(paging.offset);
    },

    async total(filter: Filter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(studyDynamics).where(where(filter));
      return row?.n ?? 0;
    },
  };
}

const nameIn = (names: Names | null, lang: Locale) => (lang === 'en' ? names?.nameEn : names?.nameZh) ?? '';

export async function studyDynamicPage(
  ctx: AuthContext,
  body: Paging & Filter & { scope: StudyDynamicScope },
): Promise<PageResult<StudyDynamic>> {
  const dynamics = dynamicsOf(ctx.db, ctx.tenant.id, body.scope === 'company' ? undefined : ctx.member.id);
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
