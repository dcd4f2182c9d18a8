/**
 * Data access for live rooms and attendance. `scoped(db, eid).live` binds
 * every query to one enterprise; attendance rows also to the member.
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { departments, enterpriseUsers, lecturers, liveAttendance, liveRooms, resources, studyDynamics } from '../schema';

export type RoomRow = typeof liveRooms.$inferSelect;
export type LecturerRow = typeof lecturers.$inferSelect;
export type AttendanceRow = typeof liveAttendance.$inferSelect;
export type ResourceRow = typeof resources.$inferSelect;
export type RoomWithLecturer = { room: RoomRow; lecturer: LecturerRow | null };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Study dynamic kind: joined a live class. */
const JOINED_LIVE = 5;

/** Attendance as a beat found it: the row before the beat, the room's times and the database's clock. */
export interface BeatState {
  attendance: AttendanceRow;
  now: Date;
}

/** Filters and window of a room list; the status is the one at `now` (1 upcoming, 2 live, 3 ended). */
export interface RoomFilter {
  now: Date;
  liveStatus?: 1 | 2 | 3;
  /** `%…%` ILIKE pattern over the name in both languages. */
  pattern?: string;
  limit: number;
  offset: number;
}

export function liveScope(db: Db, enterpriseId: string) {
  const attendanceOf = (roomId: string, memberId: string) =>
    and(
      eq(liveAttendance.enterpriseId, enterpriseId),
      eq(liveAttendance.roomId, roomId),
      eq(liveAttendance.enterpriseUserId, memberId),
    );

  return {
    /** A room of this enterprise with its lecturer, or undefined (unknown or another company's). */
    async room(id: string): Promise<{ room: RoomRow; lecturer: LecturerRow | null } | undefined> {
      const [row] = await db
        .select({ room: liveRooms, lecturer: lecturers })
        .from(liveRooms)
        .leftJoin(lecturers, and(eq(lecturers.id, liveRooms.lecturerId), eq(lecturers.enterpriseId, enterpriseId)))
        .where(and(eq(liveRooms.enterpriseId, enterpriseId), eq(liveRooms.id, id)));
      return row;
    },

    /** A page of this enterprise's rooms with their lecturers: live, then upcoming by start, then ended newest first. */
    async page(filter: RoomFilter): Promise<{ rows: RoomWithLecturer[]; total: number }> {
      // Same boundaries as `liveStatusAt`: before the start upcoming, before the end live.
      const now = filter.now.toISOString();
      const status = sql<number>`case
        when ${liveRooms.startAt} > ${now}::timestamptz then 1
        when ${liveRooms.endAt} > ${now}::timestamptz then 2
        else 3 end`;
      const conditions: (SQL | undefined)[] = [eq(liveRooms.enterpriseId, enterpriseId)];
      if (filter.liveStatus) conditions.push(sql`${status} = ${filter.liveStatus}`);
      if (filter.pattern) {
        const p = filter.pattern;
        conditions.push(or(sql`${liveRooms.nameZh} ilike ${p}`, sql`${liveRooms.nameEn} ilike ${p}`));
      }
      const where = and(...conditions);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ room: liveRooms, lecturer: lecturers })
          .from(liveRooms)
          .leftJoin(lecturers, and(eq(lecturers.id, liveRooms.lecturerId), eq(lecturers.enterpriseId, enterpriseId)))
          .where(where)
          .orderBy(
            sql`case ${status} when 2 then 0 when 1 then 1 else 2 end`,
            sql`case when ${status} = 3 then null else ${liveRooms.startAt} end asc`,
            sql`case when ${status} = 3 then ${liveRooms.endAt} end desc nulls last`,
            asc(liveRooms.id),
          )
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(liveRooms).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /** How many members joined each room. */
    async attendeeCounts(roomIds: string[]): Promise<Map<string, number>> {
      if (roomIds.length === 0) return new Map();
      const rows = await db
        .select({ roomId: liveAttendance.roomId, n: count() })
        .from(liveAttendance)
        .where(and(eq(liveAttendance.enterpriseId, enterpriseId), inArray(liveAttendance.roomId, roomIds)))
        .groupBy(liveAttendance.roomId);
      return new Map(rows.map((r) => [r.roomId, Number(r.n)]));
    },

    async insertRoom(values: Omit<typeof liveRooms.$inferInsert, 'id' | 'enterpriseId' | 'createdAt'>): Promise<RoomRow> {
      const [row] = await db.insert(liveRooms).values({ ...values, enterpriseId }).returning();
      return row!;
    },

    async updateRoom(id: string, values: Partial<Omit<typeof liveRooms.$inferInsert, 'id' | 'enterpriseId' | 'createdAt'>>): Promise<RoomRow | undefined> {
      const [row] = await db
        .update(liveRooms)
        .set(values)
        .where(and(eq(liveRooms.enterpriseId, enterpriseId), eq(liveRooms.id, id)))
        .returning();
      return row;
    },

    /** Deletes a room with its attendance; answers it, or undefined. */
    async deleteRoom(id: string): Promise<RoomRow | undefined> {
      const [row] = await db.delete(liveRooms).where(and(eq(liveRooms.enterpriseId, enterpriseId), eq(liveRooms.id, id))).returning();
      return row;
    },

    async lecturer(id: string): Promise<LecturerRow | undefined> {
      const [row] = await db.select().from(lecturers).where(and(eq(lecturers.enterpriseId, enterpriseId), eq(lecturers.id, id)));
      return row;
    },

    /** A page of a room's attendance with each member's name, number and department, latest joined first; `pattern` over name and number. */
    async attendancePage(roomId: string, pattern: string | undefined, limit: number, offset: number) {
      const where = and(
        eq(liveAttendance.enterpriseId, enterpriseId),
        eq(liveAttendance.roomId, roomId),
        pattern ? or(sql`${enterpriseUsers.userName} ilike ${pattern}`, sql`${enterpriseUsers.empNo} ilike ${pattern}`) : undefined,
      );
      const base = db
        .select({
          attendance: liveAttendance,
          userName: enterpriseUsers.userName,
          empNo: enterpriseUsers.empNo,
          departmentZh: departments.nameZh,
          departmentEn: departments.nameEn,
        })
        .from(liveAttendance)
        .innerJoin(enterpriseUsers, and(eq(enterpriseUsers.enterpriseId, enterpriseId), eq(enterpriseUsers.id, liveAttendance.enterpriseUserId)))
        .leftJoin(departments, and(eq(departments.enterpriseId, enterpriseId), eq(departments.id, enterpriseUsers.departmentId)))
        .where(where);
      const [rows, [counted]] = await Promise.all([
        base.orderBy(desc(liveAttendance.joinedAt), asc(enterpriseUsers.empNo)).limit(limit).offset(offset),
        db
          .select({ total: count() })
          .from(liveAttendance)
          .innerJoin(enterpriseUsers, and(eq(enterpriseUsers.enterpriseId, enterpriseId), eq(enterpriseUsers.id, liveAttendance.enterpriseUserId)))
          .where(where),
      ]);
      return { rows, total: Number(counted?.total ?? 0) };
    },

    /** Several resources by id, in one query. */
    async resources(ids: string[]): Promise<ResourceRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(resources).where(and(eq(resources.enterpriseId, enterpriseId), inArray(resources.id, ids)));
    },

    async resource(id: string): Promise<ResourceRow | undefined> {
      const [row] = await db
        .select()
        .from(resources)
        .where(and(eq(resources.enterpriseId, enterpriseId), eq(resources.id, id)));
      return row;
    },

    async attendance(roomId: string, memberId: string): Promise<AttendanceRow | undefined> {
      const [row] = await db.select().from(liveAttendance).where(attendanceOf(roomId, memberId));
      return row;
    },

    /**
     * Joins a room: the first join writes the attendance row and the study dynamic; a later one
     * restarts the presence clock (time away is never credited).
     */
    join(roomId: string, memberId: string, courseId: string | null): Promise<AttendanceRow> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(liveAttendance)
          .values({ enterpriseId, roomId, enterpriseUserId: memberId })
          .onConflictDoNothing()
          .returning();
        if (created) {
          await tx.insert(studyDynamics).values({ enterpriseId, enterpriseUserId: memberId, kind: JOINED_LIVE, courseId });
          return created;
        }
        const [row] = await tx
          .update(liveAttendance)
          .set({ lastSeenAt: sql`now()`, leftAt: null })
          .where(attendanceOf(roomId, memberId))
          .returning();
        return row!;
      });
    },

    /**
     * Updates attendance under a row lock, so that two beats (or a beat and a leave) cannot both
     * credit the same gap. `decide` gets the row as it was and the database's clock, and returns
     * the patch; undefined when the member never joined.
     */
    updateAttendance(
      roomId: string,
      memberId: string,
      decide: (state: BeatState) => Partial<Pick<AttendanceRow, 'watchSeconds' | 'hangUps' | 'lastSeenAt' | 'leftAt'>>,
    ): Promise<{ before: AttendanceRow; after: AttendanceRow } | undefined> {
      return db.transaction(async (tx) => {
        const state = await lockAttendance(tx, roomId, memberId);
        if (!state) return undefined;
        const [after] = await tx
          .update(liveAttendance)
          .set(decide(state))
          .where(attendanceOf(roomId, memberId))
          .returning();
        return { before: state.attendance, after: after! };
      });
    },

    async sign(roomId: string, memberId: string): Promise<AttendanceRow | undefined> {
      // Signing twice keeps the first time.
      const [row] = await db
        .update(liveAttendance)
        .set({ signedAt: sql`coalesce(${liveAttendance.signedAt}, now())` })
        .where(attendanceOf(roomId, memberId))
        .returning();
      return row;
    },
  };

  async function lockAttendance(tx: Tx, roomId: string, memberId: string): Promise<BeatState | undefined> {
    const [row] = await tx
      .select({ attendance: liveAttendance, now: sql<Date>`now()`.mapWith((v: string | Date) => new Date(v)) })
      .from(liveAttendance)
      .where(attendanceOf(roomId, memberId))
      .for('update');
    return row;
  }
}
