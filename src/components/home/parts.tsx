/** Pieces the home page's blocks share: a section heading with its link, and loading when seen. */
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { ChevronRightIcon } from '@/components/layout/icons';
import { useKeptState } from '@/components/shell/keep-alive';

export const cardClass = 'bg-card text-card-foreground rounded-2xl border shadow-xs';

/** A link at the end of a section heading ("more"); `label` names it for screen readers. */
export function MoreLink({ href, text, label }: { href: string; text: string; label?: string }) {
  return (
    <a
      href={href}
      aria-label={label}
      className="text-muted-foreground hover:text-primary focus-visible:ring-ring/50 inline-flex shrink-0 items-center gap-0.5 rounded-md text-sm font-medium outline-none focus-visible:ring-[3px]"
    >
      {text}
      <ChevronRightIcon aria-hidden="true" className="size-4" />
    </a>
  );
}

/** A section's heading row: the title (with an optional note under it) and a link at the end. */
export function SectionHeading({
  id,
  title,
  note,
  icon,
  level = 2,
  action,
}: {
  id: string;
  title: string;
  note?: string;
  icon?: ReactNode;
  level?: 2 | 3;
  action?: ReactNode;
}) {
  const Heading = `h${level}` as const;
  return (
    <div className="flex items-end justify-between gap-4">
      <div className="grid gap-0.5">
        <Heading id={id} className={`flex items-center gap-2 font-semibold tracking-tight ${level === 2 ? 'text-xl' : 'text-base'}`}>
          {icon}
          {title}
        </Heading>
        {note && <p className="text-muted-foreground text-sm">{note}</p>}
      </div>
      {action}
    </div>
  );
}

/**
 * Renders `children` once the block scrolls near the viewport (their code and data load then),
 * `placeholder` until then. A block seen once loads at once when the visitor comes back, so
 * the restored scroll position finds the page as it was.
 */
export function WhenVisible({ name, placeholder, children }: { name: string; placeholder: ReactNode; children: ReactNode }) {
  const [seen, setSeen] = useKeptState(`home.seen.${name}`, false);
  const ref = useRef<HTMLDivElement>(null);
  const see = useRef(setSeen);
  see.current = setSeen;
  useEffect(() => {
    if (seen) return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      see.current(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          see.current(true);
        }
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  return <div ref={ref}>{seen ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>;
}

/** A grey bar standing in for text while a block loads. */
export function Bar({ className }: { className: string }) {
  return <span aria-hidden="true" className={`bg-muted block animate-pulse rounded ${className}`} />;
}
