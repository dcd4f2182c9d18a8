import { UserIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { uploadPic } from '@/api/upload';
import { AVATAR_ACCEPT, AVATAR_HEAD_BYTES, checkAvatar } from '@/components/account/avatar-file';
import type { AccountMessages } from '@/components/account/messages';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';

interface AvatarFieldProps {
  /** The stored avatar URL. */
  value: string;
  onChange: (url: string) => void;
  onBusyChange: (busy: boolean) => void;
  messages: AccountMessages;
}

/**
 * The avatar picker: checks the file in the browser (name, type and first bytes: JPG, JPEG or
 * PNG; under 5 MB), previews it, uploads it with the percent sent, and hands back its URL.
 */
export function AvatarField({ value, onChange, onBusyChange, messages }: AvatarFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState(value);
  const [percent, setPercent] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();
  const objectUrl = useRef<string | undefined>(undefined);

  useEffect(() => () => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
  }, []);

  const showLocal = (file: File | undefined) => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = file && URL.createObjectURL(file);
    setPreview(objectUrl.current ?? value);
  };

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    const head = new Uint8Array(await file.slice(0, AVATAR_HEAD_BYTES).arrayBuffer());
    const problem = checkAvatar(file, head);
    if (problem) {
      setError(problem === 'type' ? messages['upload.type'] : messages['upload.size']);
      setPercent(null);
      return;
    }
    showLocal(file);
    setPercent(0);
    setUploading(true);
    onBusyChange(true);
    try {
      const result = await uploadPic(file, file.name, { onProgress: setPercent });
      setPercent(100);
      onChange(result.url);
    } catch {
      // The client has shown the gateway's message; the previous avatar stays.
      showLocal(undefined);
      setPercent(null);
    } finally {
      setUploading(false);
      onBusyChange(false);
    }
  };

  const messageId = 'profile-avatar-message';
  return (
    <div className="grid content-start justify-items-center gap-3 text-center">
      <span className="bg-muted text-muted-foreground flex size-28 items-center justify-center overflow-hidden rounded-full border">
        {preview ? (
          <img src={preview} alt={messages['upload.preview']} className="size-full object-cover" />
        ) : (
          <UserIcon aria-hidden="true" className="size-12" />
        )}
      </span>
      <input
        ref={input}
        id="profile-avatar"
        type="file"
        accept={AVATAR_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={messages['upload.choose']}
        aria-describedby={messageId}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Button type="button" variant="outline" size="sm" disabled={uploading} onClick={() => input.current?.click()}>
        {uploading ? messages['upload.uploading'] : messages['upload.choose']}
      </Button>
      {percent !== null && (
        <div className="grid w-full max-w-40 gap-1">
          <Progress
            value={percent}
            aria-label={messages['upload.progress']}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
          />
          <span aria-live="polite" className="text-muted-foreground text-xs tabular-nums">
            {percent === 100 && !uploading ? `${messages['upload.done']} ${percent}%` : `${percent}%`}
          </span>
        </div>
      )}
      {error ? (
        <p id={messageId} role="alert" className="text-destructive max-w-48 text-sm">
          {error}
        </p>
      ) : (
        <p id={messageId} className="text-muted-foreground max-w-48 text-xs">
          {messages['upload.hint']}
        </p>
      )}
    </div>
  );
}
