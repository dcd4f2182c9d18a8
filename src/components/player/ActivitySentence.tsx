/**
 * One study dynamic as a sentence: the template's text with its slots filled — who (`{user}`,
 * on the company's feed), the course, project or live room as a link, and the period.
 */
import type { StudyDynamic } from '@/api/learning-types';
import { activityTarget, sentenceParts } from '@/components/player/activity';
import type { Locale } from '@/i18n/locale-path';

const linkClass = 'text-primary focus-visible:ring-ring/50 rounded font-medium outline-none hover:underline focus-visible:ring-[3px]';

interface ActivitySentenceProps {
  dynamic: StudyDynamic;
  locale: Locale;
  /** The sentence of the dynamic's kind, with its slots. */
  template: string;
  /** Shown for a name that is missing (a removed course). */
  unnamed: string;
}

export function ActivitySentence({ dynamic, locale, template, unnamed }: ActivitySentenceProps) {
  const target = activityTarget(dynamic, locale);
  return (
    <>
      {sentenceParts(template).map((part, i) => {
        if ('text' in part) return <span key={i}>{part.text}</span>;
        if (part.slot === 'user') {
          return (
            <span key={i} className="font-semibold">
              {dynamic.userName || unnamed}
            </span>
          );
        }
        if (part.slot === target.slot) {
          return target.href ? (
            <a key={i} href={target.href} className={linkClass}>
              {target.name}
            </a>
          ) : (
            <span key={i}>{target.name || unnamed}</span>
          );
        }
        return (
          <span key={i} className="font-medium">
            {(part.slot === 'item' ? dynamic.itemName : '') || unnamed}
          </span>
        );
      })}
    </>
  );
}
