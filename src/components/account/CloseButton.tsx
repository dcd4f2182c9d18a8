import { XIcon } from 'lucide-react';
import { DialogClose } from '@/components/ui/dialog';

/** The dialog's corner close button (shadcn's look) with a label in the page's language. */
export function CloseButton({ label }: { label: string }) {
  return (
    <DialogClose className="ring-offset-background focus:ring-ring data-[state=open]:bg-accent data-[state=open]:text-muted-foreground absolute top-4 right-4 rounded-xs opacity-70 transition-opacity hover:opacity-100 focus:ring-2 focus:ring-offset-2 focus:outline-hidden disabled:pointer-events-none [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4">
      <XIcon />
      <span className="sr-only">{label}</span>
    </DialogClose>
  );
}
