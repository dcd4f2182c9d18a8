/**
 * Class strings of the sign-in side's controls, matching shadcn's `Input`, `Button` and `Label`.
 * These pages do not import `@/components/ui/*`: those modules bring `cn` and tailwind-merge
 * (about 10 KB gzip), which the sign-in pages' JavaScript budget has no room for.
 */
const buttonBase =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-all disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-4 shrink-0 [&_svg]:shrink-0 outline-none focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px]";

/** `buttonVariants()`: the primary action. */
export const primaryButton = `${buttonBase} bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 h-9 px-4 py-2 has-[>svg]:px-3`;
/** `buttonVariants({ variant: 'outline' })`. */
export const outlineButton = `${buttonBase} border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground h-9 px-4 py-2 has-[>svg]:px-3`;
/** `buttonVariants({ variant: 'link' })` without padding, for links inside text: underlined, so not told by colour alone. */
export const textLink =
  'text-primary underline underline-offset-4 hover:decoration-2 focus-visible:ring-ring/50 rounded-sm outline-none focus-visible:ring-[3px]';

/** `Input`. */
export const inputClass =
  'placeholder:text-muted-foreground selection:bg-primary selection:text-primary-foreground border-input h-9 w-full min-w-0 rounded-md border bg-transparent px-3 py-1 text-base shadow-xs transition-[color,box-shadow] outline-none disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px] aria-invalid:ring-destructive/20 aria-invalid:border-destructive';

/** `Label`. */
export const labelClass = 'flex items-center gap-2 text-sm leading-none font-medium select-none';

/** The card the sign-in side's forms sit in. */
export const cardClass = 'bg-card text-card-foreground flex flex-col gap-6 rounded-xl border p-6 shadow-sm';
