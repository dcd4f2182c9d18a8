/** Handlers of the back office's people and organisation: departments, posts, members, imports (administrators). */
import type { RouteTable } from '../../routing';

export const peopleRoutes = {} satisfies Partial<RouteTable>;
