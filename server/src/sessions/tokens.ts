/** Session tokens: what a signed-in call carries, and the only form of it the database keeps. */
import { createHash } from 'node:crypto';

/** The stored form of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
