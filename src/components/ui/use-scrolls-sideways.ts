/**
 * Whether the element scrolls sideways, kept up to date as it resizes: a table wider than its
 * box is then reachable by keyboard (a tab stop with the table's name), and only then.
 */
import { useEffect, useRef, useState } from 'react';

export function useScrollsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls] as const;
}
