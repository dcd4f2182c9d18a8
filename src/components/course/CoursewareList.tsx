/**
 * The files offered with a course: download as is, download a copy stamped with the viewer's
 * name (PDF), or preview in the player. A download is saved under the file's name; its button
 * shows "downloading" for 2 seconds (spec sections 4, 9) or until the file arrives.
 */
import DownloadIcon from 'lucide-react/icons/download';
import EyeIcon from 'lucide-react/icons/eye';
import { useRef, useState } from 'react';
import { downloadCourseware, downloadCoursewareWatermarked } from '@/api/course';
import type { Courseware } from '@/api/learning-types';
import type { CourseDetailMessages } from '@/components/course/messages';
import { DOWNLOAD_FLAG_MS, saveBlob } from '@/components/course/save-blob';
import { LoaderCircleIcon } from '@/components/layout/icons';
import { typeLabelKey } from '@/components/learning/type-label';
import { TypeIcon } from '@/components/learning/TypeIcon';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { formatFileSize } from '@/lib/format';

interface CoursewareListProps {
  courseId: string;
  files: Courseware[];
  locale: Locale;
  messages: CourseDetailMessages;
}

type Mode = 'plain' | 'watermark';

const buttonClass =
  'focus-visible:ring-ring/50 hover:bg-accent inline-flex h-8 items-center gap-1.5 rounded-md border px-3 text-sm font-medium outline-none focus-visible:ring-[3px] disabled:pointer-events-none disabled:opacity-60';

/** The preview page of a courseware file. */
export function previewPath(id: string, courseId: string): string {
  return `/watch/previewCourseware?${new URLSearchParams({ id, courseId })}`;
}

export function CoursewareList({ courseId, files, locale, messages: m }: CoursewareListProps) {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, number>());

  const download = async (file: Courseware, mode: Mode) => {
    const key = `${file.id}:${mode}`;
    if (busy.has(key)) return;
    setBusy((s) => new Set(s).add(key));
    const started = Date.now();
    try {
      const blob = mode === 'watermark' ? await downloadCoursewareWatermarked(file.id) : await downloadCourseware(file.id);
      saveBlob(blob, file.fileName || file.name);
    } catch {
      // The client showed the gateway's message.
    }
    const rest = Math.max(0, DOWNLOAD_FLAG_MS - (Date.now() - started));
    window.clearTimeout(timers.current.get(key));
    timers.current.set(
      key,
      window.setTimeout(() => {
        setBusy((s) => {
          const next = new Set(s);
          next.delete(key);
          return next;
        });
      }, rest),
    );
  };

  const action = (file: Courseware, label: string) =>
    m['course.fileOf'].replace('{name}', file.fileName || file.name).replace('{action}', label);

  return (
    <ul className="divide-y rounded-xl border">
      {files.map((file) => {
        const labelKey = typeLabelKey(2, file.resourceType, file.fileName);
        return (
          <li key={file.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
            <TypeIcon contentType={2} resourceType={file.resourceType} fileName={file.fileName} className="size-5" />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="truncate text-sm font-medium">{file.name}</p>
              <p className="text-muted-foreground flex flex-wrap gap-x-3 text-xs">
                <span>{file.fileName}</span>
                {labelKey && <span>{m[labelKey]}</span>}
                <span>{formatFileSize(file.size)}</span>
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {file.previewable && (
                <a
                  href={localizePath(previewPath(file.id, courseId), locale)}
                  aria-label={action(file, m['course.preview'])}
                  className={buttonClass}
                >
                  <EyeIcon aria-hidden="true" className="size-4" />
                  {m['course.preview']}
                </a>
              )}
              {(['plain', 'watermark'] as const)
                .filter((mode) => mode === 'plain' || file.watermarkable)
                .map((mode) => {
                  const pending = busy.has(`${file.id}:${mode}`);
                  const label = mode === 'plain' ? m['course.download'] : m['course.downloadWatermark'];
                  return (
                    <button
                      key={mode}
                      type="button"
                      disabled={pending}
                      aria-busy={pending || undefined}
                      aria-label={action(file, pending ? m['course.downloading'] : label)}
                      className={buttonClass}
                      onClick={() => void download(file, mode)}
                    >
                      {pending ? (
                        <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
                      ) : (
                        <DownloadIcon aria-hidden="true" className="size-4" />
                      )}
                      {pending ? m['course.downloading'] : label}
                    </button>
                  );
                })}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
