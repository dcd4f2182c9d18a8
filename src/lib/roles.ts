/**
 * Who may use which part of the back office (`/crm/`). The company administrator (`isAdmin`)
 * has every role; lecturers (userType 2) their own courses, marking and uploads; organisation
 * users (userType 3) read-only reports of their departments; every member their own uploads.
 * The gateway refuses a row of `src/api/endpoints.ts` whose `role` the caller lacks; the site
 * shows only the areas of the caller's roles, by the same function.
 */
export type BackOfficeRole = 'admin' | 'lecturer' | 'organization';

/** userType of lecturers and of organisation users (spec: 1 normal, 2 lecturer, 3 organisation). */
export const LECTURER_USER_TYPE = 2;
export const ORGANIZATION_USER_TYPE = 3;

export interface RoleHolder {
  isAdmin: boolean;
  userType: number;
}

/**
 * Whether a member holds a back-office role; an administrator holds all of them.
 *
 * @example hasRole({ isAdmin: false, userType: 2 }, 'lecturer') → true
 */
export function hasRole(member: RoleHolder, role: BackOfficeRole): boolean {
  if (member.isAdmin) return true;
  if (role === 'lecturer') return member.userType === LECTURER_USER_TYPE;
  if (role === 'organization') return member.userType === ORGANIZATION_USER_TYPE;
  return false;
}
