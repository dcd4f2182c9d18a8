/**
 * Which account dialog the layout shows (spec section 4). Pure, so the rules are tested
 * without a browser.
 *
 * - The supplementary-information dialog opens for a user from data source 1 whose ID card or
 *   email is empty, until it is closed on this page.
 * - Otherwise, a password that is still the initial one (`isInitPassword === 0`) opens the
 *   forced change-password dialog, which cannot be dismissed.
 * - Otherwise, the dialog the user asked for (profile, change password), if any: the avatar
 *   menu links to `#profile` or `#password` on the current page ({@link requestedByHash}), so a
 *   dialog is also a link (`/account#profile`) and needs no state shared between islands.
 *
 * Nothing opens without a user or on the sign-in and agreement pages.
 */
import type { UserInfo } from '@/api/types';

/** Dialogs the user opens from the avatar menu or the account page. */
export type RequestedDialog = 'profile' | 'password';
export type AccountDialog = 'supplement' | 'initPassword' | RequestedDialog;

export type DialogUser = Pick<UserInfo, 'isInitPassword' | 'dataSource' | 'idCard' | 'email'>;

export interface DialogState {
  user: DialogUser | null;
  /** The user closed the supplementary dialog on this page. */
  supplementClosed: boolean;
  requested: RequestedDialog | null;
  onSignInPage: boolean;
}

const REQUESTABLE: readonly RequestedDialog[] = ['profile', 'password'];

/** @example requestedByHash('#profile') → 'profile'; requestedByHash('#main') → null */
export function requestedByHash(hash: string): RequestedDialog | null {
  const name = hash.replace(/^#/, '') as RequestedDialog;
  return REQUESTABLE.includes(name) ? name : null;
}

/** The data source whose users are asked for a missing ID card or email. */
export const SUPPLEMENT_DATA_SOURCE = 1;

/** @example needsSupplement({ dataSource: 1, idCard: '', email: 'a@b.cn', isInitPassword: 1 }) → true */
export function needsSupplement(user: DialogUser): boolean {
  return user.dataSource === SUPPLEMENT_DATA_SOURCE && (!user.idCard?.trim() || !user.email?.trim());
}

/** @example mustChangePassword({ isInitPassword: 0, … }) → true */
export function mustChangePassword(user: DialogUser): boolean {
  return user.isInitPassword === 0;
}

/**
 * The dialog to show now, or null.
 *
 * @example pickDialog({ user: e1005, supplementClosed: false, requested: null, onSignInPage: false }) → 'initPassword'
 */
export function pickDialog({ user, supplementClosed, requested, onSignInPage }: DialogState): AccountDialog | null {
  if (!user || onSignInPage) return null;
  if (needsSupplement(user) && !supplementClosed) return 'supplement';
  if (mustChangePassword(user)) return 'initPassword';
  return requested;
}
