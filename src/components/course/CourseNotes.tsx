/**
 * The caller's own notes on a course: newest first, a form to add one and an in-place editor for
 * each, both with a character counter against the gateway's limit and saving, saved and error
 * states. Notes are shown as text, never as markup.
 */
import PencilIcon from 'lucide-react/icons/pencil';
import { startTransition, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { editCourseNote, getCourseNotes, refusalMessage, saveCourseNote } from '@/api/course-related';
import type { CourseUserRecord } from '@/api/learning-types';
import type { CourseDetailMessages } from '@/components/course/messages';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import type { Locale } from '@/i18n/locale-path';
import { COURSE_NOTE_MAX, noteLength, noteProblem } from '@/lib/course-note';
import { formatRelativeTime } from '@/lib/format';

interface CourseNotesProps {
  courseId: string;
  locale: Locale;
  messages: CourseDetailMessages;
}

type Phase = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

const buttonClass =
  'focus-visible:ring-ring/50 inline-flex h-9 items-center gap-1 rounded-md px-4 text-sm font-medium outline-none focus-visible:ring-[3px] disabled:pointer-events-none disabled:opacity-50';

const withMax = (template: string) => template.replace('{max}', String(COURSE_NOTE_MAX));

interface NoteFormProps {
  messages: CourseDetailMessages;
  label: string;
  initial: string;
  submitText: string;
  /** Saves the trimmed text; rejects when the gateway refused it. */
  onSave: (content: string) => Promise<void>;
  /** Shown as a cancel button (the editor of an existing note). */
  onCancel?: () => void;
  /** Empties the box after a save (the form for a new note). */
  clearOnSave?: boolean;
  autoFocus?: boolean;
}

function NoteForm({ messages: m, label, initial, submitText, onSave, onCancel, clearOnSave, autoFocus }: NoteFormProps) {
  const ids = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(initial);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  useEffect(() => {
    if (!autoFocus || !box.current) return;
    box.current.focus();
    box.current.setSelectionRange(box.current.value.length, box.current.value.length);
  }, [autoFocus]);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase.kind === 'saving') return;
    const problem = noteProblem(text);
    if (problem) {
      setPhase({ kind: 'error', message: problem === 'empty' ? m['course.noteRequired'] : withMax(m['course.noteTooLong']) });
      box.current?.focus();
      return;
    }
    setPhase({ kind: 'saving' });
    try {
      await onSave(text.trim());
      if (clearOnSave) setText('');
      setPhase({ kind: 'saved' });
    } catch (error) {
      setPhase({ kind: 'error', message: refusalMessage(error) ?? m['course.noteFailed'] });
    }
  };

  const length = noteLength(text);
  const saving = phase.kind === 'saving';
  const error = phase.kind === 'error' ? phase.message : undefined;
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={saving || undefined} className="grid gap-2">
      <label htmlFor={`${ids}-text`} className={onCancel ? 'sr-only' : 'text-sm font-medium'}>
        {label}
      </label>
      <textarea
        ref={box}
        id={`${ids}-text`}
        rows={onCancel ? 4 : 3}
        value={text}
        placeholder={withMax(m['course.notePlaceholder'])}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${ids}-count${error ? ` ${ids}-error` : ''}`}
        onChange={(event) => {
          setText(event.target.value);
          if (phase.kind !== 'saving') setPhase({ kind: 'idle' });
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && onCancel && !saving) onCancel();
        }}
        className="border-input focus-visible:border-ring focus-visible:ring-ring/50 aria-invalid:border-destructive rounded-md border px-3 py-2 text-sm outline-none focus-visible:ring-[3px]"
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={`${ids}-count`} className={`text-xs tabular-nums ${length > COURSE_NOTE_MAX ? 'text-destructive' : 'text-muted-foreground'}`}>
          {withMax(m['course.noteCounter']).replace('{value}', String(length))}
        </p>
        <div className="flex items-center gap-2">
          <p role="status" className="text-muted-foreground text-sm">
            {saving ? m['course.noteSaving'] : phase.kind === 'saved' ? m['course.noteSaved'] : ''}
          </p>
          {onCancel && (
            <button type="button" disabled={saving} onClick={onCancel} className={`${buttonClass} hover:bg-accent border`}>
              {m['course.cancel']}
            </button>
          )}
          <button type="submit" disabled={saving} className={`${buttonClass} bg-primary text-primary-foreground hover:opacity-90`}>
            {saving ? m['course.noteSaving'] : submitText}
          </button>
        </div>
      </div>
      {error && (
        <p id={`${ids}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </form>
  );
}

function NoteItem({
  note,
  locale,
  messages: m,
  onEdited,
}: {
  note: CourseUserRecord;
  locale: Locale;
  messages: CourseDetailMessages;
  onEdited: (note: CourseUserRecord) => void;
}) {
  const textId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [editing]);

  const close = (wasSaved: boolean) => {
    returnFocus.current = true;
    setSaved(wasSaved);
    setEditing(false);
  };
  const edited = Date.parse(note.updatedAt) - Date.parse(note.createdAt) > 1000;

  return (
    <li className="grid gap-2 border-b py-4 last:border-b-0">
      <p className="text-muted-foreground text-xs">
        <time dateTime={note.createdAt}>{formatRelativeTime(note.createdAt, locale)}</time>
        {edited && <span className="ms-1">{m['course.noteEdited']}</span>}
      </p>
      {editing ? (
        <NoteForm
          messages={m}
          label={m['course.noteEditLabel']}
          initial={note.content}
          submitText={m['course.noteSave']}
          autoFocus
          onCancel={() => close(false)}
          onSave={async (content) => {
            onEdited(await editCourseNote(note.id, content, { isShowErrTip: false }));
            close(true);
          }}
        />
      ) : (
        <>
          <p id={textId} className="text-sm break-words whitespace-pre-wrap">
            {note.content}
          </p>
          <div className="flex items-center gap-3">
            <button
              ref={editButton}
              type="button"
              aria-describedby={textId}
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
              className={`${buttonClass} text-muted-foreground hover:text-foreground -ms-4 h-8`}
            >
              <PencilIcon aria-hidden="true" className="size-4" />
              {m['course.noteEdit']}
            </button>
            <p role="status" className="text-muted-foreground text-sm">
              {saved ? m['course.noteSaved'] : ''}
            </p>
          </div>
        </>
      )}
    </li>
  );
}

export function CourseNotes({ courseId, locale, messages: m }: CourseNotesProps) {
  const titleId = useId();
  const [notes, setNotes] = useState<CourseUserRecord[]>([]);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getCourseNotes(courseId, { signal: controller.signal, isShowErrTip: false })
      .then((list) =>
        // Below the fold: rendered in slices, so the page stays responsive while it loads.
        startTransition(() => {
          setNotes(list);
          setStatus(list.length ? 'ready' : 'empty');
        }),
      )
      .catch(() => !controller.signal.aborted && setStatus('error'));
    return () => controller.abort();
  }, [courseId, round]);

  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <h2 id={titleId} className="text-lg font-semibold">
        {m['course.notes']}
      </h2>
      <NoteForm
        messages={m}
        label={m['course.noteLabel']}
        initial=""
        submitText={m['course.noteSave']}
        clearOnSave
        onSave={async (content) => {
          const note = await saveCourseNote(courseId, content, { isShowErrTip: false });
          setNotes((list) => [note, ...list]);
          // A list that failed to load stays failed (with its retry): it would show only the new note.
          setStatus((s) => (s === 'empty' ? 'ready' : s));
        }}
      />
      <LoadState status={status} texts={loadTexts(m, m['course.notesEmpty'])} onRetry={() => setRound((n) => n + 1)}>
        <ul aria-label={m['course.noteList']}>
          {notes.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              locale={locale}
              messages={m}
              onEdited={(changed) => setNotes((list) => list.map((n) => (n.id === changed.id ? changed : n)))}
            />
          ))}
        </ul>
      </LoadState>
    </section>
  );
}
