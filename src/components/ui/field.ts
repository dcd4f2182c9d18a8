/**
 * Class strings of the form controls that are not shadcn components: the frame every field
 * shares and the compact field of filter bars and forms. The sign-in side's inputs build theirs
 * on the frame (`@/components/ui/form-fields`).
 */
import { classes } from '@/components/ui/classes';

/** The border, corners, padding and focus ring of a field; the caller adds background, size and text. */
export const fieldFrame =
  'border-input focus-visible:border-ring focus-visible:ring-ring/50 rounded-md border px-3 outline-none focus-visible:ring-[3px]';

/** A compact input or select of a filter bar or form, 36 px high; the caller adds its width. */
export const fieldClass = classes(fieldFrame, 'bg-background h-9 text-sm');
