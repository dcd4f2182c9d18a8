/** Handlers of the back office's announcements and messages (administrators). */
import type { RouteTable } from '../../routing';

export const announcementCrmRoutes = {} satisfies Partial<RouteTable>;
