/** The cover of a course or project card, with an optional corner badge ('Paid', 'Free'). */
export function CardCover({ src, badge, badgeTone }: { src: string; badge?: string; badgeTone?: string }) {
  return (
    <div className="bg-muted relative aspect-video overflow-hidden">
      {src && (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-full object-cover transition-transform group-hover:scale-105"
        />
      )}
      {badge && (
        <span className={`absolute start-2 top-2 rounded ${badgeTone} px-1.5 py-0.5 text-xs font-medium text-white`}>
          {badge}
        </span>
      )}
    </div>
  );
}
