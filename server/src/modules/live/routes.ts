/** Handlers of the live rows of the call table. Live rooms, playbacks and attendance. */
import { z } from 'zod';
import { authRoute, publicRoute, type RouteTable } from '../../routing';
import { attendanceHangUp, attendanceSign, liveLeave, liveRoomWatchUrl, liveWatch, playBackWatch } from './service';

const byId = z.object({ id: z.uuid() });
const byRoom = z.object({ roomId: z.uuid() });

export const liveRoutes = {
  liveRoomWatchUrl: publicRoute({ input: byId, handle: (ctx, { id }) => liveRoomWatchUrl(ctx, id) }),
  liveWatch: authRoute({ input: byRoom, handle: (ctx, { roomId }) => liveWatch(ctx, roomId) }),
  liveLeave: authRoute({ input: byRoom, handle: (ctx, { roomId }) => liveLeave(ctx, roomId) }),
  playBackWatch: authRoute({ input: byId, handle: (ctx, { id }) => playBackWatch(ctx, id) }),
  attendanceSign: authRoute({ input: byRoom, handle: (ctx, { roomId }) => attendanceSign(ctx, roomId) }),
  attendanceHangUp: authRoute({ input: byRoom, handle: (ctx, { roomId }) => attendanceHangUp(ctx, roomId) }),
} satisfies Partial<RouteTable>;
