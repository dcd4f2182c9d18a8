/** Addresses of the back office's study project pages. */
import { localizePath, type Locale } from '@/i18n/locale-path';

/** The list of study projects. */
export function projectListHref(locale: Locale): string {
  return localizePath('/crm/projects', locale);
}

/** The form, of one project or of a new one. */
export function projectEditHref(locale: Locale, id?: string): string {
  return localizePath(`/crm/projects/edit${id ? `?id=${encodeURIComponent(id)}` : ''}`, locale);
}

/** The registrations of one project, optionally of one status (0 waiting, 1 approved, 2 rejected). */
export function projectMembersHref(locale: Locale, id: string, status?: 0 | 1 | 2): string {
  return localizePath(`/crm/projects/members?id=${encodeURIComponent(id)}${status === undefined ? '' : `&status=${status}`}`, locale);
}
