/**
 * Whether the signed-in member may use a back-office page of `role`: `pending` until the
 * session is known in the browser, then `allowed` or `denied`. Page islands fetch only once
 * allowed, and show {@link NoAccess} when denied (the gateway refuses the calls anyway).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { hasRole, type BackOfficeRole } from '@/lib/roles';
import { $user } from '@/stores/session';

export type CrmAccess = 'pending' | 'allowed' | 'denied';

export function useCrmAccess(role: BackOfficeRole | undefined): CrmAccess {
  const user = useStore($user);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted || !user) return 'pending';
  if (!role) return 'allowed';
  return hasRole(user, role) ? 'allowed' : 'denied';
}
