/**
 * Mainland mobile numbers: 11 digits starting with 1. One rule for the browser's forms, the
 * gateway's checks and the tenant files.
 *
 * @example isValidPhone('13816620381') → true
 */
export const PHONE_PATTERN = /^1\d{10}$/;
export const PHONE_LENGTH = 11;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}
