/**
 * The train page (`/train`): tabs for study projects (all or joined, with counts), the
 * caller's study tasks (by status, with counts), training progress and learning records, the
 * last two with an export into the download centre, and the company's live classes (by status).
 * The open tab, its filter and page are kept in the URL (`?tab=tasks&filter=1&page=2`), so
 * coming back to the page shows them again. Each tab is a file of its own; the page opens on
 * the projects, and the other tabs' code loads when they are shown.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { TrainMessages } from '@/components/study/messages';
import { ProjectsTab } from '@/components/study/ProjectsTab';
import { readTab, TABS, writeParams, type Tab } from '@/components/study/train-query';
import type { TrainTabProps } from '@/components/study/train-tab-props';
import { LoadState, loadTexts } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { $token } from '@/stores/session';

const TasksTab = lazy(() => import('@/components/study/TasksTab').then((mod) => ({ default: mod.TasksTab })));
const ProgressTab = lazy(() => import('@/components/study/ProgressTab').then((mod) => ({ default: mod.ProgressTab })));
const LearningRecordsTab = lazy(() =>
  import('@/components/study/LearningRecordsTab').then((mod) => ({ default: mod.LearningRecordsTab })),
);
const LiveTab = lazy(() => import('@/components/study/LiveTab').then((mod) => ({ default: mod.LiveTab })));

const TAB_LABEL = {
  projects: 'study.train.projects',
  tasks: 'study.train.tasks',
  progress: 'study.train.progress',
  records: 'study.train.records',
  live: 'study.train.live',
} as const satisfies Record<Tab, keyof TrainMessages>;

export function TrainPage({ locale, messages: m }: TrainTabProps) {
  const token = useStore($token);
  // The token is known only in the browser: the built page and the first render agree without it.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const [tab, setTab] = useState<Tab>(readTab);
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  if (!mounted) return <LoadState status="loading" texts={loadTexts(m)} />;
  if (!token) return <LoginFirst look="notice" text={m['auth.loginFirst']} linkText={m['study.signIn']} />;

  const choose = (next: Tab, focus = false) => {
    if (next !== tab) {
      setTab(next);
      writeParams({ tab: next, filter: undefined, page: undefined });
    }
    if (focus) tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(TABS[(next + TABS.length) % TABS.length]!, true);
  };

  const Panel = {
    projects: ProjectsTab,
    tasks: TasksTab,
    progress: ProgressTab,
    records: LearningRecordsTab,
    live: LiveTab,
  }[tab];

  return (
    <div className="grid gap-6">
      <div role="tablist" aria-label={m['study.train.tabs']} className="flex gap-1 overflow-x-auto border-b">
        {TABS.map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            id={`train-tab-${t}`}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls={`train-panel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => choose(t)}
            onKeyDown={onKeyDown}
            className="focus-visible:ring-ring/50 aria-selected:border-primary aria-selected:text-primary -mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-[3px]"
          >
            {m[TAB_LABEL[t]]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`train-panel-${tab}`}
        aria-labelledby={`train-tab-${tab}`}
        tabIndex={0}
        className="outline-none"
      >
        <Suspense fallback={<LoadState status="loading" texts={loadTexts(m)} />}>
          <Panel locale={locale} messages={m} />
        </Suspense>
      </div>
    </div>
  );
}
