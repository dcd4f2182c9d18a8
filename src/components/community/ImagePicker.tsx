/**
 * Pictures of a post or an answer: up to nine, each checked in the browser (JPG, JPEG or PNG by
 * name, type and first bytes; under 5 MB, the upload call's own rules) and uploaded with the
 * percent sent; thumbnails with a remove button each. Hands back the site paths the gateway issued.
 */
import ImagePlusIcon from 'lucide-react/icons/image-plus';
import XIcon from 'lucide-react/icons/x';
import { useId, useRef, useState } from 'react';
import { POST_IMAGES_MAX } from '@/api/community-types';
import { uploadPic } from '@/api/upload';
import { AVATAR_ACCEPT, AVATAR_HEAD_BYTES, checkAvatar } from '@/components/account/avatar-file';
import type { CommunityMessages } from '@/components/community/messages';
import { outlineButtonSm } from '@/components/ui/button-class';
import { Progress } from '@/components/ui/progress';
import { fill } from '@/i18n/fill';

interface ImagePickerProps {
  images: string[];
  onChange: (images: string[]) => void;
  /** True while a picture is uploading (the form waits). */
  onBusyChange: (busy: boolean) => void;
  messages: CommunityMessages;
}

export function ImagePicker({ images, onChange, onBusyChange, messages: m }: ImagePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState('');
  const full = images.length >= POST_IMAGES_MAX;

  const pick = async (files: File[]) => {
    if (files.length === 0) return;
    setError('');
    const room = POST_IMAGES_MAX - images.length;
    if (files.length > room) setError(fill(m['community.images.tooMany'], { max: POST_IMAGES_MAX }));
    let current = images;
    onBusyChange(true);
    for (const file of files.slice(0, room)) {
      const problem = checkAvatar(file, new Uint8Array(await file.slice(0, AVATAR_HEAD_BYTES).arrayBuffer()));
      if (problem) {
        setError(problem === 'type' ? m['community.images.type'] : m['community.images.size']);
        continue;
      }
      setPercent(0);
      try {
        const result = await uploadPic(file, file.name, { onProgress: setPercent });
        current = [...current, result.url];
        onChange(current);
      } catch {
        // The client showed the gateway's message; the pictures so far stay.
      }
    }
    setPercent(null);
    onBusyChange(false);
  };

  const messageId = `${id}-message`;
  return (
    <fieldset className="grid gap-2" aria-describedby={messageId}>
      <legend className="mb-2 text-sm font-medium">{fill(m['community.images.label'], { max: POST_IMAGES_MAX })}</legend>
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {images.map((src, i) => (
            <li key={src} className="relative">
              <img src={src} alt={fill(m['community.images.alt'], { n: i + 1 })} className="size-20 rounded-md border object-cover" />
              <button
                type="button"
                disabled={percent !== null}
                aria-label={fill(m['community.images.remove'], { n: i + 1 })}
                onClick={() => onChange(images.filter((_, j) => j !== i))}
                className="bg-background/90 focus-visible:ring-ring/50 absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full border shadow-xs outline-none focus-visible:ring-[3px] disabled:opacity-50"
              >
                <XIcon aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          type="file"
          multiple
          accept={AVATAR_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            void pick([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <button type="button" className={outlineButtonSm} disabled={full || percent !== null} onClick={() => input.current?.click()}>
          <ImagePlusIcon aria-hidden="true" />
          {m['community.images.add']}
        </button>
        {percent !== null && (
          <div className="flex min-w-40 items-center gap-2">
            <Progress value={percent} aria-label={m['community.images.progress']} aria-valuenow={percent} aria-valuetext={`${percent}%`} className="w-28" />
            <span aria-live="polite" className="text-muted-foreground text-xs tabular-nums">{`${percent}%`}</span>
          </div>
        )}
      </div>
      <p id={messageId} role={error ? 'alert' : undefined} className={error ? 'text-destructive text-sm' : 'sr-only'}>
        {error}
      </p>
    </fieldset>
  );
}
