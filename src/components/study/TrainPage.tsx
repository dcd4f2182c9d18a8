/**
 * The train page (`/train`): tabs for study projects (all or joined, with counts), the
 * caller's study tasks (by status, with counts), training progress and learning records, the
 * last two with an export into the download centre, and the company's live classes (by status).
 * The open tab, its filter and page are kept in the URL (`?tab=tasks&filter=1&page=2`), so
 * coming back to the page shows them again.
 */
import { useStore } from '@nanostores/react';
import DownloadIcon from 'lucide-react/icons/download';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type {
  CourseProgressRow,
  LearningStatus,
  LiveRoom,
  ProjectCount,
  ProjectItem,
  StudyTaskCount,
  StudyTaskItem,
  TrainingProgressItem,
} from '@/api/learning-types';
import { getLiveRoomPage } from '@/api/live';
import type { PageResult } from '@/api/types';
import {
  exportCourseProgress,
  exportTrainingProgress,
  getCourseProgressPage,
  getProjectCount,
  getProjectPage,
  getStudyTaskCount,
  getStudyTaskPage,
  getTrainingProgressPage,
} from '@/api/study';
import { formatDay, formatMoment, formatStudyTime } from '@/components/study/format';
import type { TrainMessages } from '@/components/study/messages';
import { ProjectCard } from '@/components/study/ProjectCard';
import { TaskCard } from '@/components/study/TaskCard';
import { outlineButtonSm } from '@/components/ui/button-class';
import { LoadState, type LoadStatus } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { loadTexts, pagerTexts } from '@/components/ui/messages';
import { Pager } from '@/components/ui/pager';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { $token } from '@/stores/session';
import { notifySuccess } from '@/stores/toasts';

interface TrainPageProps {
  locale: Locale;
  messages: TrainMessages;
}

const TABS = ['projects', 'tasks', 'progress', 'records', 'live'] as const;
type Tab = (typeof TABS)[number];

const TAB_LABEL = {
  projects: 'study.train.projects',
  tasks: 'study.train.tasks',
  progress: 'study.train.progress',
  records: 'study.train.records',
  live: 'study.train.live',
} as const satisfies Record<Tab, keyof TrainMessages>;

/** A query parameter of the page ('' when missing, and in the built page). */
function readParam(name: string): string {
  return typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get(name) ?? '');
}

/** Changes query parameters without a new history entry; undefined removes one. */
function writeParams(change: Record<string, string | undefined>) {
  const url = new URL(location.href);
  for (const [name, value] of Object.entries(change)) {
    if (value === undefined) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  history.replaceState(history.state, '', url);
}

function readTab(): Tab {
  const value = readParam('tab');
  return (TABS as readonly string[]).includes(value) ? (value as Tab) : 'projects';
}

/** A tab's filter, kept in `?filter=`; choosing another starts again at page 1. */
function useFilter<V extends string>(allowed: readonly V[]): [V, (value: V) => void] {
  const [value, setValue] = useState<V>(() => {
    const found = readParam('filter');
    return (allowed as readonly string[]).includes(found) ? (found as V) : allowed[0]!;
  });
  const choose = (next: V) => {
    setValue(next);
    writeParams({ filter: next === allowed[0] ? undefined : next, page: undefined });
  };
  return [value, choose];
}

/**
 * A paged block: loads page 1 on mount (give it a `key` per filter to start over) and the page
 * the pager asks for, with loading, empty and error states.
 */
function Paged<T>({
  load,
  messages: m,
  empty,
  children,
}: {
  load: (page: number, signal: AbortSignal) => Promise<PageResult<T>>;
  messages: TrainMessages;
  /** Replaces the generic empty text. */
  empty?: string;
  children: (list: T[]) => ReactNode;
}) {
  const [page, setPage] = useState(() => {
    const found = Number(readParam('page'));
    return Number.isInteger(found) && found > 1 ? found : 1;
  });
  const [result, setResult] = useState<PageResult<T>>();
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [reload, setReload] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    loader
      .current(page, controller.signal)
      .then((found) => {
        // A page past the end (the list got shorter since) goes to the last one.
        if (!found.list.length && page > found.totalPage && found.totalPage > 0) {
          choosePage(found.totalPage);
          return;
        }
        setResult(found);
        setStatus(found.list.length ? 'ready' : 'empty');
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus('error');
      });
    return () => controller.abort();
  }, [page, reload]);
  function choosePage(next: number) {
    setPage(next);
    writeParams({ page: next > 1 ? String(next) : undefined });
  }
  return (
    <LoadState status={status} texts={loadTexts(m, empty)} onRetry={() => setReload((n) => n + 1)}>
      {children(result?.list ?? [])}
      <Pager page={page} totalPage={result?.totalPage ?? 0} onChange={choosePage} texts={pagerTexts(m)} />
    </LoadState>
  );
}

function FilterButtons<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className="focus-visible:ring-ring/50 aria-pressed:bg-primary aria-pressed:text-primary-foreground hover:bg-accent rounded-full border px-3 py-1 text-sm outline-none focus-visible:ring-[3px]"
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** The counts on a tab's filter buttons; none while they load or when they fail. */
function useCount<T>(load: (options: { isShowErrTip: false }) => Promise<T>): T | undefined {
  const [count, setCount] = useState<T>();
  useEffect(() => {
    load({ isShowErrTip: false })
      .then(setCount)
      .catch(() => undefined);
  }, [load]);
  return count;
}

export function ProjectsTab({ locale, messages: m }: TrainPageProps) {
  const [joined, setJoined] = useFilter(['all', 'joined'] as const);
  const count = useCount<ProjectCount>(getProjectCount);
  return (
    <div className="grid gap-4">
      <FilterButtons
        label={m['study.train.filter']}
        value={joined}
        onChange={setJoined}
        options={[
          { value: 'all', label: fill(m['study.train.allProjects'], { count: count?.total ?? '–' }) },
          { value: 'joined', label: fill(m['study.train.joinedProjects'], { count: count?.joined ?? '–' }) },
        ]}
      />
      <Paged
        key={joined}
        messages={m}
        load={(page, signal) =>
          getProjectPage(
            { pageCurrent: page, ...(joined === 'joined' ? { joined: true } : {}) },
            { isShowErrTip: false, signal },
          )
        }
      >
        {(list: ProjectItem[]) => (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {list.map((project) => (
              <li key={project.id} className="grid">
                <ProjectCard
                  project={project}
                  href={localizePath(`/train/project/${encodeURIComponent(project.id)}`, locale)}
                  messages={m}
                  headingLevel={2}
                />
              </li>
            ))}
          </ul>
        )}
      </Paged>
    </div>
  );
}

type TaskFilter = 'all' | '0' | '1' | '2';

export function TasksTab({ locale, messages: m }: TrainPageProps) {
  const [filter, setFilter] = useFilter<TaskFilter>(['all', '0', '1', '2']);
  const count = useCount<StudyTaskCount>(getStudyTaskCount);
  const counts = { '0': count?.notStarted, '1': count?.learning, '2': count?.completed };
  return (
    <div className="grid gap-4">
      <FilterButtons
        label={m['study.train.filter']}
        value={filter}
        onChange={setFilter}
        options={[
          { value: 'all', label: fill(m['study.train.allTasks'], { count: count?.total ?? '–' }) },
          ...(['0', '1', '2'] as const).map((s) => ({
            value: s,
            label: fill(m['study.train.taskStatus'], { label: m[`learning.status.${s}`], count: counts[s] ?? '–' }),
          })),
        ]}
      />
      <Paged
        key={filter}
        messages={m}
        load={(page, signal) =>
          getStudyTaskPage(
            { pageCurrent: page, ...(filter === 'all' ? {} : { learningStatus: Number(filter) as 0 | 1 | 2 }) },
            { isShowErrTip: false, signal },
          )
        }
      >
        {(list: StudyTaskItem[]) => (
          <ul className="grid gap-3">
            {list.map((task) => (
              <li key={task.id}>
                <TaskCard
                  task={task}
                  href={localizePath(`/account/task/${encodeURIComponent(task.id)}`, locale)}
                  messages={m}
                  headingLevel={2}
                />
              </li>
            ))}
          </ul>
        )}
      </Paged>
    </div>
  );
}

function ExportButton({
  label,
  messages: m,
  start,
}: {
  label: string;
  messages: TrainMessages;
  start: () => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={outlineButtonSm}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await start();
          notifySuccess(m['study.train.exportStarted']);
        } catch {
          // The client showed the gateway's message.
        }
        setBusy(false);
      }}
    >
      <DownloadIcon aria-hidden="true" />
      {busy ? m['study.train.exporting'] : label}
    </button>
  );
}

function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 text-start font-medium whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A paged table of the caller's learning with its export button (the progress and records tabs). */
function ExportedTable<T>({
  messages: m,
  exportLabel,
  exportStart,
  load,
  head,
  row,
}: {
  messages: TrainMessages;
  exportLabel: string;
  exportStart: () => Promise<unknown>;
  load: (page: number, signal: AbortSignal) => Promise<PageResult<T>>;
  head: string[];
  row: (item: T) => ReactNode;
}) {
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <ExportButton label={exportLabel} messages={m} start={exportStart} />
      </div>
      <Paged messages={m} load={load}>
        {(list: T[]) => <Table head={head}>{list.map(row)}</Table>}
      </Paged>
    </div>
  );
}

/** The first cell of a row: its name as a link. */
function NameCell({ href, children }: { href: string; children: ReactNode }) {
  return (
    <th scope="row" className="px-3 py-2 text-start font-medium">
      <a href={href} className="outline-none hover:underline focus-visible:underline">
        {children}
      </a>
    </th>
  );
}

/** The status and progress cells of a row. */
function ProgressCells({ status, value, messages: m }: { status: LearningStatus; value: number; messages: TrainMessages }) {
  return (
    <>
      <td className="px-3 py-2 whitespace-nowrap">{m[`learning.status.${status}`]}</td>
      <td className="px-3 py-2">
        <span className="flex items-center gap-2">
          <span
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={value}
            aria-label={fill(m['learning.progress'], { value })}
            className="bg-primary/15 h-1.5 w-20 overflow-hidden rounded-full"
          >
            <span className="bg-primary block h-full" style={{ width: `${value}%` }} />
          </span>
          <span aria-hidden="true" className="tabular-nums">{`${value}%`}</span>
        </span>
      </td>
    </>
  );
}

export function ProgressTab({ locale, messages: m }: TrainPageProps) {
  const hrefOf = (item: TrainingProgressItem) =>
    localizePath(
      `${item.kind === 'project' ? '/train/project' : '/account/task'}/${encodeURIComponent(item.id)}`,
      locale,
    );
  return (
    <ExportedTable
      messages={m}
      exportLabel={m['study.train.exportProgress']}
      exportStart={() => exportTrainingProgress()}
      load={(page, signal) => getTrainingProgressPage({ pageCurrent: page }, { isShowErrTip: false, signal })}
      head={[
        m['study.train.name'],
        m['study.train.kind'],
        m['study.train.status'],
        m['study.train.progressCol'],
        m['study.train.requiredDone'],
        m['study.train.electiveDone'],
        m['study.train.credit'],
        m['study.train.updatedAt'],
      ]}
      row={(item: TrainingProgressItem) => (
        <tr key={`${item.kind}:${item.id}`} className="border-t">
          <NameCell href={hrefOf(item)}>{item.name}</NameCell>
          <td className="px-3 py-2 whitespace-nowrap">{m[`study.train.kind.${item.kind}`]}</td>
          <ProgressCells status={item.learningStatus} value={item.studyProgress} messages={m} />
          <td className="px-3 py-2 tabular-nums">{`${item.requiredCompleted}/${item.requiredCount}`}</td>
          <td className="px-3 py-2 tabular-nums">{`${item.electiveCompleted}/${item.electiveCount}`}</td>
          <td className="px-3 py-2 tabular-nums">{item.creditHours}</td>
          <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatDay(item.updatedAt)}</td>
        </tr>
      )}
    />
  );
}

function RecordsTab({ locale, messages: m }: TrainPageProps) {
  return (
    <ExportedTable
      messages={m}
      exportLabel={m['study.train.export']}
      exportStart={() => exportCourseProgress()}
      load={(page, signal) => getCourseProgressPage({ pageCurrent: page }, { isShowErrTip: false, signal })}
      head={[
        m['study.train.course'],
        m['study.train.status'],
        m['study.train.progressCol'],
        m['study.train.studyTime'],
        m['study.train.startedAt'],
        m['study.train.completedAt'],
      ]}
      row={(row: CourseProgressRow) => (
        <tr key={`${row.userId}:${row.courseId}`} className="border-t">
          <NameCell href={localizePath(`/knowledge/course/${encodeURIComponent(row.courseId)}`, locale)}>
            {row.courseName}
          </NameCell>
          <ProgressCells status={row.learningStatus} value={row.studyProgress} messages={m} />
          <td className="px-3 py-2 whitespace-nowrap">{formatStudyTime(row.studySeconds, locale)}</td>
          <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatMoment(row.startedAt)}</td>
          <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatMoment(row.completedAt)}</td>
        </tr>
      )}
    />
  );
}

type LiveFilter = 'all' | '1' | '2' | '3';

const LIVE_TONE = { 1: 'bg-sky-100 text-sky-800', 2: 'bg-red-600 text-white', 3: 'bg-muted text-muted-foreground' };

function LiveTab({ locale, messages: m }: TrainPageProps) {
  const [filter, setFilter] = useFilter<LiveFilter>(['all', '1', '2', '3']);
  return (
    <div className="grid gap-4">
      <FilterButtons
        label={m['study.train.filter']}
        value={filter}
        onChange={setFilter}
        options={[
          { value: 'all', label: m['study.train.allLive'] },
          ...(['2', '1', '3'] as const).map((s) => ({ value: s, label: m[`live.status.${s}`] })),
        ]}
      />
      <Paged
        key={filter}
        messages={m}
        empty={m['study.train.liveEmpty']}
        load={(page, signal) =>
          getLiveRoomPage(
            {
              pageCurrent: page,
              ...(filter === 'all' ? {} : { liveStatus: Number(filter) as LiveRoom['liveStatus'] }),
            },
            { isShowErrTip: false, signal },
          )
        }
      >
        {(list: LiveRoom[]) => (
          <ul className="grid gap-3">
            {list.map((room) => (
              <li key={room.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border p-4">
                <div className="grid min-w-0 flex-1 gap-1">
                  <h2 className="font-medium">
                    <a
                      href={localizePath(`/live/watch/${encodeURIComponent(room.id)}`, locale)}
                      className="outline-none hover:underline focus-visible:underline"
                    >
                      {room.name}
                    </a>
                  </h2>
                  <p className="text-muted-foreground flex flex-wrap gap-x-4 text-sm">
                    <span className="tabular-nums">
                      {fill(m['study.train.liveStart'], { time: formatMoment(room.startAt) })}
                    </span>
                    {room.lecturer && <span>{fill(m['live.lecturer'], { name: room.lecturer.name })}</span>}
                  </p>
                </div>
                <div className="flex items-center gap-2 text-xs font-medium">
                  {room.hasPlayback && <span className="rounded-full border px-2 py-0.5">{m['live.playback']}</span>}
                  <span className={`rounded-full px-2 py-0.5 ${LIVE_TONE[room.liveStatus]}`}>
                    {m[`live.status.${room.liveStatus}`]}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Paged>
    </div>
  );
}

export function TrainPage({ locale, messages: m }: TrainPageProps) {
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

  const Panel = { projects: ProjectsTab, tasks: TasksTab, progress: ProgressTab, records: RecordsTab, live: LiveTab }[tab];

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
        <Panel locale={locale} messages={m} />
      </div>
    </div>
  );
}
