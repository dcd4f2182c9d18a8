/** A member's picture beside what they wrote, or the first letter of their name when there is none. */
export function Avatar({ name, src, className = 'size-9' }: { name: string; src: string; className?: string }) {
  return (
    <span className={`bg-muted text-muted-foreground flex ${className} shrink-0 items-center justify-center overflow-hidden rounded-full text-sm font-medium`}>
      {src ? <img src={src} alt="" loading="lazy" className="size-full object-cover" /> : <span aria-hidden="true">{name.charAt(0)}</span>}
    </span>
  );
}
