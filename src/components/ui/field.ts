/**
 * Class strings of form controls that are not shadcn components: the sign-in side's inputs and
 * labels (shadcn's `Input` and `Label` looks, without the modules' `cn` and tailwind-merge), and
 * the frame the compact fields of filter bars and forms share.
 */

/** shadcn's `Input`, without its `file:` and `dark:` parts. */
export const inputClass =
  'placeholder:text-muted-foreground selection:bg-primary selection:text-primary-foreground border-input h-9 w-full min-w-0 rounded-md border bg-transparent px-3 py-1 text-base shadow-xs transition-[color,box-shadow] outline-none disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px] aria-invalid:ring-destructive/20 aria-invalid:border-destructive';

/** shadcn's `Label`. */
export const labelClass = 'flex items-center gap-2 text-sm leading-none font-medium select-none';

/** The border, corners, padding and focus ring of a field; the caller adds background, size and text. */
export const fieldFrame =
  'border-input focus-visible:border-ring focus-visible:ring-ring/50 rounded-md border px-3 outline-none focus-visible:ring-[3px]';

/** A compact input or select of a filter bar or form, 36 px high; the caller adds its width. */
export const fieldClass = `${fieldFrame} bg-background h-9 text-sm`;
