/**
 * A comment or reply box: a textarea with a character counter up to COMMENT_MAX_LENGTH, empty
 * text refused here before any call, and the text kept (in the form and as a draft) until the
 * gateway has taken it.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { COMMENT_MAX_LENGTH } from '@/api/home-types';
import type { CommentThreadMessages } from '@/components/message/messages';
import { clearDraft, readDraft, writeDraft } from '@/components/message/draft';
import { ghostButtonSm, primaryButtonSm } from '@/components/ui/button-class';
import { fill } from '@/i18n/fill';

interface CommentFormProps {
  label: string;
  /** Show the label (a reply box names whom it answers) rather than only to screen readers. */
  showLabel?: boolean;
  submitLabel: string;
  /** Where the draft is kept; none: not kept. */
  draftKey?: string;
  messages: CommentThreadMessages;
  /** Posts the text; resolves true when the gateway took it (the box then empties). */
  onSubmit: (content: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

export function CommentForm({ label, showLabel, submitLabel, draftKey, messages: m, onSubmit, onCancel, autoFocus }: CommentFormProps) {
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [posting, setPosting] = useState(false);

  useEffect(() => {
    if (draftKey) setText((current) => current || readDraft(draftKey));
    if (autoFocus) ref.current?.focus();
  }, [draftKey]);

  const change = (value: string) => {
    setText(value);
    if (error) setError('');
    if (draftKey) writeDraft(draftKey, value);
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (posting) return;
    const content = text.trim();
    if (!content) {
      setError(m['message.commentEmpty']);
      ref.current?.focus();
      return;
    }
    if (content.length > COMMENT_MAX_LENGTH) {
      setError(fill(m['message.commentTooLong'], { max: COMMENT_MAX_LENGTH }));
      ref.current?.focus();
      return;
    }
    setPosting(true);
    const posted = await onSubmit(content).catch(() => false);
    setPosting(false);
    if (posted) {
      setText('');
      if (draftKey) clearDraft(draftKey);
    } else {
      ref.current?.focus();
    }
  };

  const counterId = `${id}-count`;
  const errorId = `${id}-error`;
  return (
    <form onSubmit={submit} className="grid gap-2" noValidate>
      <label htmlFor={`${id}-text`} className={showLabel ? 'text-sm font-medium' : 'sr-only'}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={`${id}-text`}
        value={text}
        maxLength={COMMENT_MAX_LENGTH}
        rows={3}
        placeholder={m['message.commentPlaceholder']}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${counterId}` : counterId}
        onChange={(event) => change(event.target.value)}
        className="border-input focus-visible:border-ring focus-visible:ring-ring/50 aria-invalid:border-destructive w-full resize-y rounded-md border bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:ring-[3px]"
      />
      <div className="flex flex-wrap items-center justify-end gap-3">
        {error && (
          <p id={errorId} role="alert" className="text-destructive me-auto text-sm">
            {error}
          </p>
        )}
        <span id={counterId} className="text-muted-foreground text-xs tabular-nums">
          {fill(m['message.commentCount'], { count: text.length, max: COMMENT_MAX_LENGTH })}
        </span>
        {onCancel && (
          <button type="button" className={ghostButtonSm} onClick={onCancel}>
            {m['message.cancel']}
          </button>
        )}
        <button type="submit" className={primaryButtonSm} disabled={posting} aria-disabled={posting || undefined}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
