/**
 * Button looks of the study and live islands as plain classes: the shared Button brings
 * tailwind-merge (~8 KB gzip) into every page that uses it, and these islands need no merging.
 */
const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-all outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0';

/** The main action. */
export const primaryButton = `${base} bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 h-9 px-4`;
/** A main action, small. */
export const primaryButtonSm = `${base} bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 h-8 px-3`;
/** A secondary action, small. */
export const outlineButtonSm = `${base} border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground h-8 px-3`;
/** A quiet action inside a list, small. */
export const ghostButtonSm = `${base} hover:bg-accent hover:text-accent-foreground h-8 px-3`;
