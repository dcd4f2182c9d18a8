/**
 * The looks of shadcn's `buttonVariants` (`@/components/ui/button`) as plain class strings, for
 * links and buttons of islands that do not render the `Button` component. That module brings
 * class-variance-authority, `cn` and tailwind-merge (about 8 KB gzip), which the header's and
 * most pages' JavaScript budgets have no room for; these strings need no merging. The
 * `aria-invalid` and `dark:` parts are left out: no button here is ever invalid, and the site
 * has no dark theme.
 */
import { classes } from '@/components/ui/classes';

const base =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-all disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-4 shrink-0 [&_svg]:shrink-0 outline-none focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px]";
const primary = 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90';
const destructive = 'bg-destructive text-white shadow-xs hover:bg-destructive/90 focus-visible:ring-destructive/20';
const outline = 'border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground';
const ghost = 'hover:bg-accent hover:text-accent-foreground';
/** `size: 'default'`. */
const regular = 'h-9 px-4 py-2 has-[>svg]:px-3';
/** `size: 'sm'`. */
const small = 'h-8 gap-1.5 px-3 has-[>svg]:px-2.5';

/** `buttonVariants()`: the main action. */
export const primaryButton = classes(base, primary, regular);
/** `buttonVariants({ size: 'sm' })`. */
export const primaryButtonSm = classes(base, primary, small);
/** `buttonVariants({ variant: 'destructive', size: 'sm' })`: an action that removes something. */
export const destructiveButtonSm = classes(base, destructive, small);
/** `buttonVariants({ variant: 'outline' })`: a secondary action. */
export const outlineButton = classes(base, outline, regular);
/** `buttonVariants({ variant: 'outline', size: 'sm' })`. */
export const outlineButtonSm = classes(base, outline, small);
/** `buttonVariants({ variant: 'ghost', size: null })`: a quiet action that sets its own size. */
export const ghostButton = classes(base, ghost);
/** `buttonVariants({ variant: 'ghost' })`. */
export const ghostButtonDefault = classes(base, ghost, regular);
/** `buttonVariants({ variant: 'ghost', size: 'sm' })`: a quiet action inside a list. */
export const ghostButtonSm = classes(base, ghost, small);
/** `buttonVariants({ variant: 'ghost', size: 'icon' })`. */
export const ghostIconButton = classes(base, ghost, 'size-9');
/** `buttonVariants({ variant: 'link' })` without padding, for links inside text: underlined, so not told by colour alone. */
export const textLink =
  'text-primary underline underline-offset-4 hover:decoration-2 focus-visible:ring-ring/50 rounded-sm outline-none focus-visible:ring-[3px]';
