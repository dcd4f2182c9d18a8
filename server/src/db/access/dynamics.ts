/** Study dynamics' rows: what members started, completed and joined, with the names of what they concern. */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { StudyDynamicPageBody } from '@/api/learning-types';
import type { Db } from '../client';
import { courseItems, courses, enterpriseUsers, liveAttendance, liveRooms, projects, studyDynamics } from '../schema';
import type { RowWindow } from '../../paging';

type Filter = Omit<StudyDynamicPageBody, 'pageCurrent' | 'pageSize' | 'scope'>;

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

/** The study dynamics of enterprise `eid` (`scoped(db, eid).dynamics.of(memberId)`). */
export function dynamicQueries(db: Db, eid: string) {
  return { of: (memberId: string | undefined) => dynamicsOf(db, eid, memberId) };
}
