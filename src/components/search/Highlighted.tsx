/** A text with the search query's words in `<mark>` elements; the text stays plain React text. */
import { highlightParts } from '@/lib/highlight';

export function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-400/40">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
