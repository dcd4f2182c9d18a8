/**
 * The caller's study dynamics (`studyDynamicPage`): what they started, completed and joined,
 * newest first, with the names of the course, period, project or live room in their language.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { StudyDynamic, StudyDynamicKind, StudyDynamicPageBody } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import type { Db } from '../../db/client';
import { courseItems, courses, liveAttendance, liveRooms, projects, studyDynamics } from '../../db/schema';
import type { AuthContext } from '../../routing';
import type { Paging } from './data';
import { pageResult, pageWindow, type PageInput } from './paging';

type Filter = Omit<StudyDynamicPageBody, 'pageCurrent' | 'pageSize'>;

interface Names {
  nameZh: string | null;
  nameEn: string | null;
}

/** A member's dynamics in one enterprise; every joined row is held to the same enterprise. */
function dynamicsOf(db: Db, eid: string, memberId: string) {
  function where(filter: Filter): SQL | undefined {
    return and(
      eq(studyDynamics.enterpriseId, eid),
      eq(studyDynamics.enterpriseUserId, memberId),
      filter.courseId === undefined ? undefined : eq(studyDynamics.courseId, filter.courseId),
      filter.kind === undefined ? undefined : eq(studyDynamics.kind, filter.kind),
    );
  }

  return {
    page(filter: Filter, paging: Paging) {
      return db
        .select({
          dynamic: studyDynamics,
          course: { nameZh: courses.nameZh, nameEn: courses.nameEn },
          item: { nameZh: courseItems.nameZh, nameEn: courseItems.nameEn },
          project: { nameZh: projects.nameZh, nameEn: projects.nameEn },
          room: { id: liveRooms.id, nameZh: liveRooms.nameZh, nameEn: liveRooms.nameEn },
        })
        .from(studyDynamics)
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

export async function studyDynamicPage(ctx: AuthContext, body: PageInput & Filter): Promise<PageResult<StudyDynamic>> {
  const dynamics = dynamicsOf(ctx.db, ctx.tenant.id, ctx.member.id);
  const [rows, total] = await Promise.all([dynamics.page(body, pageWindow(body)), dynamics.total(body)]);
  const list = rows.map(({ dynamic: d, course, item, project, room }): StudyDynamic => ({
    id: d.id,
    kind: d.kind as StudyDynamicKind,
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
  return pageResult(body, list, total);
}
