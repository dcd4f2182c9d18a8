/**
 * The write and edit dialog of a blog or a question: title, text and pictures, checked here as
 * the gateway checks them. What is typed is kept as a draft until the gateway has taken it, so a
 * failed send (or a session that ran out) loses nothing; the dialog stays open with the reason.
 */
import { useStore } from '@nanostores/react';
import { useRef, useState, type SubmitEvent } from 'react';
import { savePost } from '@/api/community';
import { POST_CONTENT_MAX, POST_IMAGES_MAX, POST_TITLE_MAX, PostKind, type PostDetail, type PostKindValue } from '@/api/community-types';
import { CountedField, textProblem } from '@/components/community/fields';
import { ImagePicker } from '@/components/community/ImagePicker';
import type { CommunityMessages } from '@/components/community/messages';
import { communityDraftKey, useKeptDraft } from '@/components/community/use-kept-draft';
import { failureOf } from '@/components/message/failure';
import { ghostButtonSm, primaryButtonSm } from '@/components/ui/button-class';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fill } from '@/i18n/fill';
import { $user } from '@/stores/session';

interface PostEditorProps {
  kind: PostKindValue;
  /** The post being edited; none: a new one. */
  post?: PostDetail;
  messages: CommunityMessages;
  onClose: () => void;
  onSaved: (post: PostDetail, created: boolean) => void;
}

interface Draft {
  title: string;
  content: string;
  images: string[];
}

export function PostEditor({ kind, post, messages: m, onClose, onSaved }: PostEditorProps) {
  const user = useStore($user);
  const key = user ? communityDraftKey(user.id, 'post', post?.id ?? `new-${kind}`) : undefined;
  const [draft, setDraft, forget, restored] = useKeptDraft<Draft>(key, {
    title: post?.title ?? '',
    content: post?.content ?? '',
    images: post?.images ?? [],
  });
  const [errors, setErrors] = useState<{ title?: string; content?: string; form?: string }>({});
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const titleRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const contentRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const isQuestion = kind === PostKind.question;

  const change = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setErrors({});
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const title = textProblem(draft.title, { required: true, max: POST_TITLE_MAX, empty: m['community.titleEmpty'], tooLong: m['community.titleTooLong'] });
    const content = textProblem(draft.content, {
      required: !isQuestion,
      max: POST_CONTENT_MAX,
      empty: m['community.contentEmpty'],
      tooLong: m['community.contentTooLong'],
    });
    if (title || content) {
      setErrors({ title, content });
      (title ? titleRef : contentRef).current?.focus();
      return;
    }
    if (uploading) {
      setErrors({ form: m['community.editor.uploading'] });
      return;
    }
    setSending(true);
    try {
      const saved = await savePost(
        { ...(post ? { id: post.id } : {}), kind, title: draft.title, content: draft.content, images: draft.images },
        { isShowErrTip: false },
      );
      forget();
      onSaved(saved, !post);
    } catch (error) {
      const failure = failureOf(error, m['community.failed']);
      const reason = failure.kind === 'message' ? failure.text : failure.kind === 'signIn' ? m['auth.loginFirst'] : '';
      setErrors({ form: `${reason} ${m['community.editor.draftKept']}`.trim() });
    }
    setSending(false);
  };

  const heading = post ? m['community.editor.edit'] : isQuestion ? m['community.editor.newQuestion'] : m['community.editor.newBlog'];
  return (
    <Dialog open onOpenChange={(open) => !open && !sending && onClose()}>
      <DialogContent showCloseButton={false} className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{heading}</DialogTitle>
          <DialogDescription>
            {restored ? m['community.editor.draftRestored'] : fill(m['community.editor.hint'], { max: POST_IMAGES_MAX })}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <CountedField
            id="community-post-title"
            label={m['community.editor.title']}
            value={draft.title}
            max={POST_TITLE_MAX}
            countText={m['community.editor.count']}
            placeholder={m['community.editor.titlePlaceholder']}
            error={errors.title}
            inputRef={titleRef}
            onChange={(title) => change({ title })}
          />
          <CountedField
            id="community-post-content"
            label={isQuestion ? m['community.editor.contentOptional'] : m['community.editor.content']}
            value={draft.content}
            max={POST_CONTENT_MAX}
            countText={m['community.editor.count']}
            placeholder={m['community.editor.contentPlaceholder']}
            rows={isQuestion ? 5 : 10}
            error={errors.content}
            inputRef={contentRef}
            onChange={(content) => change({ content })}
          />
          <ImagePicker images={draft.images} onChange={(images) => change({ images })} onBusyChange={setUploading} messages={m} />
          {errors.form && (
            <p role="alert" className="text-destructive text-sm">
              {errors.form}
            </p>
          )}
          <DialogFooter>
            <button type="button" className={`${ghostButtonSm} border`} disabled={sending} onClick={onClose}>
              {m['community.cancel']}
            </button>
            <button type="submit" className={primaryButtonSm} disabled={sending} aria-disabled={sending || undefined}>
              {post ? m['community.editor.save'] : m['community.editor.publish']}
            </button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
