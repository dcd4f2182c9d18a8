/** Handlers of the back office's site settings: branding, navigation, banners, home zones, enum lists (administrators). */
import type { RouteTable } from '../../routing';

export const siteRoutes = {} satisfies Partial<RouteTable>;
