/** Handlers of the live rows of the call table. Live rooms, playbacks and attendance. */
import { z } from 'zod';
import { authRoute, publicRoute, type RouteTable } from '../../routing';
import { pagingFields } from '../../paging';
import {
  attendanceHangUp,
  attendanceSign,
  liveLeave,
  liveRoomPage,
  liveRoomWatchUrl,
  liveWatch,
  playBackWatch,
} from './service';
import { crmLiveAttendance, crmLiveAttendanceExport, crmLiveDelete, crmLivePage, crmLiveSave, crmLiveStream, crmLiveView } from './crm';
import { liveFilterSchema, liveSaveSchema } from '@/lib/schemas/live';

const byId = z.object({ id: z.uuid() });
const byRoom = z.object({ roomId: z.uuid() });
const roomPage = z.object({
  ...pagingFields('liveRoomPage'),
  liveStatus: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  keyword: z.string().max(100).optional(),
});

export const liveRoutes = {
  liveRoomPage: authRoute({ input: roomPage, handle: (ctx, input) => liveRoomPage(ctx, input) }),
  liveRoomWatchUrl: publicRoute({ input: byId, handle: (ctx, { id }) => liveRoomWatchUrl(ctx, id) }),
  liveWatch: authRoute({ input: byRoom, handle: (ctx, { roomId }) => liveWatch(ctx, roomId) }),
  liveLeave: authRoute({ input: byRoom, handle: (ctx, { roomId }) => liveLeave(ctx, roomId) }),
  playBackWatch: authRoute({ input: byId, handle: (ctx, { id }) => playBackWatch(ctx, id) }),
  attendanceSign: authRoute({ input: byRoom, handle: (ctx, { roomId }) => attendanceSign(ctx, roomId) }),
  attendanceHangUp: authRoute({ input: byRoom, handle: (ctx, { roomId }) => attendanceHangUp(ctx, roomId) }),
  crmLivePage: authRoute({ input: z.object({ ...pagingFields('crmLivePage'), ...liveFilterSchema.shape }), handle: (ctx, body) => crmLivePage(ctx, body) }),
  crmLiveView: authRoute({ input: byId, handle: (ctx, { id }) => crmLiveView(ctx, id) }),
  crmLiveSave: authRoute({ input: liveSaveSchema, handle: (ctx, body) => crmLiveSave(ctx, body) }),
  crmLiveDelete: authRoute({ input: byId, handle: (ctx, { id }) => crmLiveDelete(ctx, id) }),
  crmLiveStream: authRoute({ input: z.object({ id: z.uuid().optional() }), handle: (ctx, body) => crmLiveStream(ctx, body) }),
  crmLiveAttendance: authRoute({
    input: z.object({ ...pagingFields('crmLiveAttendance'), id: z.uuid(), keyword: z.string().trim().max(50).optional() }),
    handle: (ctx, body) => crmLiveAttendance(ctx, body),
  }),
  crmLiveAttendanceExport: authRoute({ input: byId, handle: (ctx, { id }) => crmLiveAttendanceExport(ctx, id) }),
} satisfies Partial<RouteTable>;
