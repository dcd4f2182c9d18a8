/** Public verification codes of held certificates (`user_certificates.code`). */
import { randomBytes } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * A new verification code: 16 base32 characters (80 random bits), so codes do not collide in
 * practice; the column's unique constraint is the final guard.
 *
 * @example verificationCode() → 'K7QW2M4XPA3RZC5N'
 */
export function verificationCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      code += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return code;
}
