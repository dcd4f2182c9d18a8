/** Pieces every section of a tenant file's demo data uses: localized texts, keys, site paths. */
import { z } from 'zod';
import type { Locale } from '@/i18n/routes';

/** A text that is the same in every language, or one text per language. */
export const localizedTextSchema = z.union([
  z.string().min(1),
  z.strictObject({ zh: z.string().min(1), en: z.string().min(1) }),
]);
export type LocalizedText = z.output<typeof localizedTextSchema>;

/**
 * A localized text in one language.
 *
 * @example localize({ zh: '首页', en: 'Home' }, 'en') → 'Home'
 */
export function localize(text: LocalizedText, locale: Locale): string {
  return typeof text === 'string' ? text : text[locale];
}

/** A short name other entries of the demo data refer to (`onboarding`, `welcome-video`). */
export const seedKey = z.string().regex(/^[a-z0-9][a-z0-9-]{0,47}$/, 'lower-case letters, digits and dashes');
/** A site path, `/media/demo/welcome.mp4`; empty for none. */
export const sitePath = z.union([z.string().regex(/^\/[^/]/, 'a site path'), z.literal('')]);
/** An employee number of the same tenant file. */
export const empNoRef = z.string().min(1).max(20);
