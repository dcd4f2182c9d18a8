/**
 * Fills `{name}` placeholders of a message; a placeholder without a value stays as it is.
 * Imports nothing, so an island that fills the messages it received carries no dictionary.
 *
 * @example fill('Resend in {s} s', { s: 42 }) → 'Resend in 42 s'
 */
export function fill(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
