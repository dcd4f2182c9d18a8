/**
 * Class strings of the header's buttons, matching shadcn's `buttonVariants` (ghost, default
 * `sm`). The header does not import `@/components/ui/button`: that module brings `cn` and
 * tailwind-merge (about 8 KB gzip), which the header's JavaScript budget has no room for.
 */
const base =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-all disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-4 shrink-0 [&_svg]:shrink-0 outline-none focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px]";

/** `buttonVariants({ variant: 'ghost' })` without the size part. */
export const ghostButton = `${base} hover:bg-accent hover:text-accent-foreground`;
/** `buttonVariants({ variant: 'ghost' })`. */
export const ghostButtonDefault = `${ghostButton} h-9 px-4 py-2 has-[>svg]:px-3`;
/** `buttonVariants({ variant: 'ghost', size: 'icon' })`. */
export const ghostIconButton = `${ghostButton} size-9`;
/** `buttonVariants({ size: 'sm' })`. */
export const primarySmallButton = `${base} bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 h-8 gap-1.5 px-3 has-[>svg]:px-2.5`;
