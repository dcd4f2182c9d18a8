/**
 * Pieces the site settings pages share: move up/down buttons and drag-and-drop for reordering
 * (the buttons are the keyboard way), a picture upload with progress and preview, the text of a
 * form error, and what a list shows when it could not load.
 */
import ArrowDownIcon from 'lucide-react/icons/arrow-down';
import ArrowUpIcon from 'lucide-react/icons/arrow-up';
import GripVerticalIcon from 'lucide-react/icons/grip-vertical';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { uploadPic } from '@/api/upload';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import type { CommonMessages } from '@/components/crm/site/messages';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

/**
 * A course's or lecturer's name, or a zone's or banner's title, in `locale`.
 *
 * @example pickName({ nameZh: '安全', nameEn: 'Safety' }, 'en') → 'Safety'
 */
export function pickName(item: { nameZh: string; nameEn: string } | { titleZh: string; titleEn: string }, locale: Locale): string {
  if ('nameZh' in item) return locale === 'en' ? item.nameEn : item.nameZh;
  return locale === 'en' ? item.titleEn : item.titleZh;
}

/** The text of a form error whose message is a key of the strings (the shared schema's), else the message itself. */
export function errorText(messages: Record<string, string>, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return messages[message] ?? message;
}

/**
 * Runs saves one after another, in the order they were asked for (a quick second move waits for
 * the first), and says whether a save's answer is the latest one asked for, which alone may
 * replace what the page shows.
 */
export function useInOrder() {
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const asked = useRef(0);
  return async <T,>(task: () => Promise<T>): Promise<{ value: T; latest: boolean }> => {
    const n = ++asked.current;
    const run = chain.current.catch(() => undefined).then(task);
    chain.current = run;
    const value = await run;
    return { value, latest: n === asked.current };
  };
}

/** Up and down buttons of one row of a reorderable list; the moved row keeps the focus. */
export function MoveButtons({
  id,
  index,
  count,
  name,
  onMove,
  messages,
}: {
  id: string;
  index: number;
  count: number;
  name: string;
  onMove: (from: number, to: number) => void;
  messages: CommonMessages;
}) {
  const move = (dir: -1 | 1) => {
    onMove(index, index + dir);
    // The row moves in the DOM; bring the focus back to its button (or the other one at an end).
    requestAnimationFrame(() => {
      const wanted = document.getElementById(`move-${dir < 0 ? 'up' : 'down'}-${id}`) as HTMLButtonElement | null;
      const other = document.getElementById(`move-${dir < 0 ? 'down' : 'up'}-${id}`) as HTMLButtonElement | null;
      (wanted && !wanted.disabled ? wanted : other)?.focus();
    });
  };
  return (
    <span className="inline-flex gap-1">
      <Button
        id={`move-up-${id}`}
        type="button"
        variant="ghost"
        size="icon"
        className="size-8"
        disabled={index === 0}
        aria-label={fill(messages['crmSite.moveUp'], { name })}
        onClick={() => move(-1)}
      >
        <ArrowUpIcon aria-hidden="true" />
      </Button>
      <Button
        id={`move-down-${id}`}
        type="button"
        variant="ghost"
        size="icon"
        className="size-8"
        disabled={index === count - 1}
        aria-label={fill(messages['crmSite.moveDown'], { name })}
        onClick={() => move(1)}
      >
        <ArrowDownIcon aria-hidden="true" />
      </Button>
    </span>
  );
}

/** The grip a row is dragged by (for pointers; the move buttons do the same from the keyboard). */
export function DragGrip() {
  return <GripVerticalIcon aria-hidden="true" className="text-muted-foreground size-4 cursor-grab" />;
}

/**
 * Drag-and-drop between the rows of a list: spread `rowProps(index)` on each row; a drop calls
 * `onMove(from, to)`. The row under the pointer is marked `data-drop-target`.
 */
export function useDragReorder(onMove: (from: number, to: number) => void) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const end = () => {
    setDragging(null);
    setOver(null);
  };
  return (index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      setDragging(index);
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(index));
    },
    onDragOver: (event: DragEvent) => {
      if (dragging === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (over !== index) setOver(index);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      if (dragging !== null && dragging !== index) onMove(dragging, index);
      end();
    },
    onDragEnd: end,
    'data-drop-target': over === index && dragging !== index ? true : undefined,
    'data-dragging': dragging === index ? true : undefined,
  });
}

/** The columns of an enum option, in the tables' order. */
export const ENUM_COLUMNS = ['value', 'labelZh', 'labelEn', 'groupZh', 'groupEn'] as const;

const PICTURE_TYPES = ['image/png', 'image/jpeg'];

/**
 * A picture chosen from the computer: checked (JPG or PNG, under `maxBytes`), uploaded with its
 * progress shown, then previewed; `onChange` gets the stored path ('' when removed).
 */
export function PictureField({
  id,
  label,
  hint,
  value,
  onChange,
  maxBytes,
  tooLarge,
  error,
  previewClassName = 'h-12 max-w-48',
  messages,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (url: string) => void;
  maxBytes: number;
  /** The message shown for a file of `maxBytes` or more. */
  tooLarge: string;
  /** A check of the form about this field. */
  error?: string;
  previewClassName?: string;
  messages: CommonMessages;
}) {
  const hintId = useId();
  const errorId = useId();
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(undefined);
    if (!PICTURE_TYPES.includes(file.type) && !/\.(png|jpe?g)$/i.test(file.name)) {
      setProblem(messages['crmSite.picture.format']);
      return;
    }
    if (file.size >= maxBytes) {
      setProblem(tooLarge);
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setPercent(0);
    try {
      const result = await uploadPic(file, file.name, { onProgress: setPercent, isShowErrTip: false, signal: controller.signal });
      onChange(result.url);
    } catch (failure) {
      if (!controller.signal.aborted) setProblem(gatewayMessage(outcomeOf(failure)) ?? messages['crmSite.picture.failed']);
    } finally {
      if (abort.current === controller) abort.current = null;
      setPercent(null);
      if (input.current) input.current.value = '';
    }
  };

  const shown = problem ?? error;
  const describedBy = [hint && hintId, shown && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap items-center gap-3">
        <div className="bg-muted/50 flex min-h-14 min-w-24 items-center justify-center rounded-md border p-1">
          {value ? (
            <img src={value} alt={fill(messages['crmSite.picture.preview'], { name: label })} className={`${previewClassName} object-contain`} />
          ) : (
            <span className="text-muted-foreground px-2 text-xs">{messages['crmSite.picture.none']}</span>
          )}
        </div>
        <div className="grid gap-2">
          <Input
            ref={input}
            id={id}
            type="file"
            accept="image/png,image/jpeg"
            className="max-w-72"
            aria-describedby={describedBy}
            aria-invalid={shown ? true : undefined}
            disabled={percent !== null}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          {value && (
            <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => onChange('')}>
              {fill(messages['crmSite.picture.remove'], { name: label })}
            </Button>
          )}
        </div>
      </div>
      {percent !== null && (
        <div className="flex max-w-72 items-center gap-2" role="status">
          <Progress value={percent} aria-label={fill(messages['crmSite.picture.uploading'], { name: label })} />
          <span className="text-muted-foreground text-xs tabular-nums">{percent}%</span>
        </div>
      )}
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      {shown && (
        <p id={errorId} className="text-destructive text-sm" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}

/** What a section shows when its data could not load: the gateway's word, and a retry. */
export function LoadFailed({ message, onRetry, messages }: { message?: string; onRetry: () => void; messages: CommonMessages }) {
  return (
    <div role="alert" className="rounded-md border p-4 text-sm">
      <p className="mb-2">{message || messages['crmSite.loadFailed']}</p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        {messages['crmSite.retry']}
      </Button>
    </div>
  );
}
