/**
 * Whether the visitor has a session, known only in the browser: `undefined` on the built page
 * and the first render (so both agree), then true or false.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $token } from '@/stores/session';

export function useSignedIn(): boolean | undefined {
  const token = useStore($token);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? Boolean(token) : undefined;
}
