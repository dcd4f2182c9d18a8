/**
 * `/watch/previewCourseware?id=&courseId=`: one courseware file shown in the page (a PDF with
 * pdf.js, an image, text) or offered for download.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Courseware } from '@/api/learning-types';
import { getCoursewareList } from '@/api/course';
import { DocumentView, type DocumentSource } from '@/components/player/DocumentView';
import type { PreviewMessages } from '@/components/player/messages';
import { LoadState } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { $token } from '@/stores/session';

interface CoursewarePreviewPageProps {
  locale: Locale;
  messages: PreviewMessages;
}

export function CoursewarePreviewPage({ locale, messages }: CoursewarePreviewPageProps) {
  const token = useStore($token);
  const [mounted, setMounted] = useState(false);
  const [ids, setIds] = useState({ id: '', courseId: '' });
  const [entry, setEntry] = useState<Courseware | null>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const q = new URLSearchParams(location.search);
    setIds({ id: q.get('id') ?? '', courseId: q.get('courseId') ?? '' });
    setMounted(true);
  }, []);

  // The course's list names the file; without a course the preview works from the id alone.
  useEffect(() => {
    if (!token || !ids.id) return;
    if (!ids.courseId) return setEntry(null);
    let live = true;
    setFailed(false);
    setEntry(undefined);
    getCoursewareList(ids.courseId, { isShowErrTip: false }).then(
      (list) => live && setEntry(list.find((c) => c.id === ids.id) ?? null),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [token, ids, attempt]);

  if (!mounted) return null;
  if (!token) return <LoginFirst look="stage" text={messages['auth.loginFirst']} linkText={messages['player.signIn']} />;
  const back = ids.courseId ? localizePath(`/knowledge/course/${encodeURIComponent(ids.courseId)}`, locale) : localizePath('/knowledge', locale);
  if (!ids.id) {
    return (
      <div role="alert" className="bg-muted grid justify-items-center gap-4 rounded-lg p-8 text-center">
        <p>{messages['player.noCourse']}</p>
        <a href={back} className="text-primary underline-offset-4 hover:underline">
          {messages['player.backToCourse']}
        </a>
      </div>
    );
  }
  if (entry === undefined) {
    return (
      <LoadState
        status={failed ? 'error' : 'loading'}
        texts={{ loading: messages['learning.loading'], error: messages['learning.loadFailed'], retry: messages['learning.retry'], empty: '' }}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }
  const source: DocumentSource = {
    name: entry?.name ?? '',
    fileName: entry?.fileName ?? '',
    coursewareId: ids.id,
    resourceId: entry?.resourceId,
    courseId: ids.courseId || undefined,
  };
  return (
    <div className="grid gap-4">
      <a href={back} className="text-muted-foreground hover:text-foreground w-fit text-sm underline-offset-4 hover:underline">
        {messages['player.backToCourse']}
      </a>
      {entry && <h1 className="text-xl font-semibold">{entry.name}</h1>}
      <DocumentView
        source={source}
        texts={{
          loading: messages['learning.loading'],
          error: messages['player.pdfError'],
          retry: messages['learning.retry'],
          empty: messages['learning.empty'],
          prev: messages['learning.prev'],
          next: messages['learning.next'],
          pageOf: messages['learning.pageOf'],
          download: messages['player.download'],
          downloading: messages['player.downloading'],
          downloadOnly: messages['player.downloadOnly'],
        }}
      />
    </div>
  );
}
