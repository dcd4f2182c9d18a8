/**
 * The free projects (`/knowledge/project/free_list` and its copy): a paged grid. `compact` is
 * the preview (`conponent/proviewFreeList`): the first few with a link to the whole list.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ProjectItem } from '@/api/learning-types';
import { getProjectPage } from '@/api/study';
import type { FreeListMessages } from '@/components/study/messages';
import { ProjectCard } from '@/components/study/ProjectCard';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { $token } from '@/stores/session';

interface ProjectFreeListProps {
  locale: Locale;
  messages: FreeListMessages;
  compact?: boolean;
}

const PREVIEW_SIZE = 4;

export function ProjectFreeList({ locale, messages: m, compact = false }: ProjectFreeListProps) {
  const token = useStore($token);
  // The token is known only in the browser: the built page and the first render agree without it.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ProjectItem[]>([]);
  const [totalPage, setTotalPage] = useState(0);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [reload, setReload] = useState(0);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    setStatus('loading');
    getProjectPage(
      { isFree: true, pageCurrent: page, ...(compact ? { pageSize: PREVIEW_SIZE } : {}) },
      { isShowErrTip: false, signal: controller.signal },
    )
      .then((result) => {
        setList(result.list);
        setTotalPage(result.totalPage);
        setStatus(result.list.length ? 'ready' : 'empty');
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus('error');
      });
    return () => controller.abort();
  }, [token, page, compact, reload]);

  if (!mounted) return <LoadState status="loading" texts={loadTexts(m)} />;
  if (!token) return <LoginFirst look="notice" text={m['auth.loginFirst']} linkText={m['study.signIn']} />;

  return (
    <section aria-labelledby="free-projects" className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="free-projects" className={compact ? 'text-lg font-semibold' : 'sr-only'}>
          {m['study.freeList.title']}
        </h2>
        {compact && (
          <a
            href={localizePath('/knowledge/project/free_list', locale)}
            className="text-primary text-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
          >
            {m['study.freeList.more']}
          </a>
        )}
      </div>
      <LoadState status={status} texts={loadTexts(m)} onRetry={() => setReload((n) => n + 1)}>
        <ul className={`grid gap-4 sm:grid-cols-2 ${compact ? 'lg:grid-cols-4' : 'lg:grid-cols-3 xl:grid-cols-4'}`}>
          {list.map((project) => (
            <li key={project.id} className="grid">
              <ProjectCard
                project={project}
                href={localizePath(`/knowledge/project/free_project_id?id=${encodeURIComponent(project.id)}`, locale)}
                messages={m}
                compact={compact}
              />
            </li>
          ))}
        </ul>
        {!compact && <Pager page={page} totalPage={totalPage} onChange={setPage} texts={pagerTexts(m)} />}
      </LoadState>
    </section>
  );
}
