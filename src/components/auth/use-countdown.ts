import { useEffect, useState } from 'react';

/**
 * Seconds left until a moment, ticking each second; `start(n)` sets the moment n seconds ahead.
 * Counts from the clock, so a throttled background tab still shows the right value.
 */
export function useCountdown(): [seconds: number, start: (seconds: number) => void] {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = (seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  };
  return [Math.max(0, Math.ceil((endsAt - now) / 1000)), start];
}
