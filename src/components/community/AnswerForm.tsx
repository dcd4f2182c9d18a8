/**
 * The box to answer a question, or to change one's own answer: text and pictures, kept as a
 * draft until the gateway has taken them.
 */
import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { saveAnswer } from '@/api/community';
import { POST_CONTENT_MAX, type AnswerItem } from '@/api/community-types';
import { CountedField, textProblem } from '@/components/community/fields';
import { ImagePicker } from '@/components/community/ImagePicker';
import type { CommunityMessages } from '@/components/community/messages';
import { communityDraftKey, useKeptDraft } from '@/components/community/use-kept-draft';
import { failureOf } from '@/components/message/failure';
import { ghostButtonSm, primaryButtonSm } from '@/components/ui/button-class';
import { $user } from '@/stores/session';
import { notifyError } from '@/stores/toasts';

interface AnswerFormProps {
  postId: string;
  /** The caller's answer being changed; none: a new answer. */
  answer?: AnswerItem;
  messages: CommunityMessages;
  onSaved: (answer: AnswerItem) => void;
  onCancel?: () => void;
}

export function AnswerForm({ postId, answer, messages: m, onSaved, onCancel }: AnswerFormProps) {
  const id = useId();
  const user = useStore($user);
  const key = user ? communityDraftKey(user.id, 'answer', answer?.id ?? postId) : undefined;
  const [draft, setDraft, forget] = useKeptDraft(key, { content: answer?.content ?? '', images: answer?.images ?? [] });
  const [error, setError] = useState('');
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const ref = useRef<HTMLInputElement | HTMLTextAreaElement>(null);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const problem = textProblem(draft.content, {
      required: true,
      max: POST_CONTENT_MAX,
      empty: m['community.contentEmpty'],
      tooLong: m['community.contentTooLong'],
    });
    if (problem || uploading) {
      setError(problem || m['community.editor.uploading']);
      ref.current?.focus();
      return;
    }
    setSending(true);
    try {
      const saved = await saveAnswer({ ...(answer ? { id: answer.id } : {}), postId, ...draft }, { isShowErrTip: false });
      forget({ content: '', images: [] });
      onSaved(saved);
    } catch (failed) {
      const failure = failureOf(failed, m['community.failed']);
      if (failure.kind === 'signIn') notifyError(`${m['auth.loginFirst']} ${m['community.editor.draftKept']}`);
      else if (failure.kind === 'message') setError(`${failure.text} ${m['community.editor.draftKept']}`);
      ref.current?.focus();
    }
    setSending(false);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3 rounded-lg border p-4">
      <CountedField
        id={`${id}-answer`}
        label={answer ? m['community.answerEditLabel'] : m['community.answerLabel']}
        value={draft.content}
        max={POST_CONTENT_MAX}
        countText={m['community.editor.count']}
        placeholder={m['community.answerPlaceholder']}
        rows={4}
        error={error}
        inputRef={ref}
        onChange={(content) => {
          setDraft((current) => ({ ...current, content }));
          setError('');
        }}
      />
      <ImagePicker images={draft.images} onChange={(images) => setDraft((current) => ({ ...current, images }))} onBusyChange={setUploading} messages={m} />
      <div className="flex justify-end gap-2">
        {onCancel && (
          <button type="button" className={ghostButtonSm} onClick={onCancel}>
            {m['community.cancel']}
          </button>
        )}
        <button type="submit" className={primaryButtonSm} disabled={sending} aria-disabled={sending || undefined}>
          {answer ? m['community.editor.save'] : m['community.answerPost']}
        </button>
      </div>
    </form>
  );
}
