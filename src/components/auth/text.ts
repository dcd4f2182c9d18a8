/**
 * Fills `{name}` placeholders of a message the island received. (The i18n module's `format`
 * would bring both dictionaries into the browser.)
 *
 * @example fill('Resend in {s} s', { s: 42 }) → 'Resend in 42 s'
 */
export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
