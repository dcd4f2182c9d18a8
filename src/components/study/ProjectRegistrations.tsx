/**
 * The registrations of a project, for an admin or one of its lecturers: filtered by review
 * status, each waiting one with approve and reject buttons. Shown only when the gateway lets
 * the caller read them.
 */
import { useEffect, useState } from 'react';
import type { ProjectMember } from '@/api/learning-types';
import { approveProjectMember, getProjectMembers, isForbidden } from '@/api/study';
import { formatMoment } from '@/components/study/format';
import type { ProjectMessages } from '@/components/study/messages';
import { outlineButtonSm, primaryButtonSm } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { notifySuccess } from '@/stores/toasts';

interface ProjectRegistrationsProps {
  projectId: string;
  messages: ProjectMessages;
  /** A registration was decided (the project's counts change). */
  onDecided?: () => void;
}

const STATUSES = [0, 1, 2] as const;

const COLUMNS = [
  'study.project.memberName',
  'study.project.empNo',
  'study.project.department',
  'study.project.appliedAt',
  'study.project.statusFilter',
  'study.project.actions',
] as const;

const DECISIONS = [
  { approve: true, key: 'study.project.approve', className: primaryButtonSm },
  { approve: false, key: 'study.project.reject', className: outlineButtonSm },
] as const;

export function ProjectRegistrations({ projectId, messages: m, onDecided }: ProjectRegistrationsProps) {
  const [filter, setFilter] = useState<string>('0');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ProjectMember[]>([]);
  const [totalPage, setTotalPage] = useState(0);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [allowed, setAllowed] = useState(true);
  const [reload, setReload] = useState(0);
  const [busy, setBusy] = useState<string>();

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getProjectMembers(
      { projectId, pageCurrent: page, ...(filter === '' ? {} : { status: Number(filter) }) },
      { isShowErrTip: false, signal: controller.signal },
    )
      .then((result) => {
        setList(result.list);
        setTotalPage(result.totalPage);
        setStatus(result.list.length ? 'ready' : 'empty');
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (isForbidden(error)) setAllowed(false);
        else setStatus('error');
      });
    return () => controller.abort();
  }, [projectId, filter, page, reload]);

  if (!allowed) return null;

  const decide = async (member: ProjectMember, approve: boolean) => {
    setBusy(member.userId);
    try {
      await approveProjectMember({ projectId, userId: member.userId, approve });
      notifySuccess(approve ? m['study.project.approved'] : m['study.project.rejected']);
      setReload((n) => n + 1);
      onDecided?.();
    } catch {
      // The client showed the gateway's message.
    }
    setBusy(undefined);
  };

  return (
    <section aria-labelledby="project-registrations" className="grid gap-3 rounded-xl border p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="project-registrations" className="text-lg font-semibold">
          {m['study.project.registrations']}
        </h2>
        <label className="flex items-center gap-2 text-sm">
          <span>{m['study.project.statusFilter']}</span>
          <select
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              setPage(1);
            }}
            className="border-input focus-visible:ring-ring/50 h-8 rounded-md border bg-transparent px-2 outline-none focus-visible:ring-[3px]"
          >
            <option value="">{m['study.project.allStatus']}</option>
            {STATUSES.map((s) => (
              <option key={s} value={String(s)}>
                {m[`study.project.memberStatus.${s}`]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <LoadState
        status={status}
        texts={loadTexts(m, m['study.project.noMembers'])}
        onRetry={() => setReload((n) => n + 1)}
      >
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-muted-foreground text-start">
              <tr className="border-b">
                {COLUMNS.map((key, index) => (
                  <th
                    key={key}
                    scope="col"
                    className={index < COLUMNS.length - 1 ? 'py-2 pe-3 text-start font-medium' : 'py-2 text-start font-medium'}
                  >
                    {m[key]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((member) => (
                <tr key={member.userId} className="border-b last:border-0">
                  <th scope="row" className="py-2 pe-3 text-start font-medium">
                    {member.userName}
                  </th>
                  <td className="py-2 pe-3">{member.empNo}</td>
                  <td className="py-2 pe-3">{member.departmentName}</td>
                  <td className="py-2 pe-3 tabular-nums">{formatMoment(member.appliedAt)}</td>
                  <td className="py-2 pe-3">{m[`study.project.memberStatus.${member.status as 0 | 1 | 2}`]}</td>
                  <td className="py-2">
                    {member.status === 0 && (
                      <span className="flex gap-2">
                        {DECISIONS.map(({ approve, key, className }) => (
                          <button
                            key={key}
                            className={className}
                            type="button"
                            disabled={busy === member.userId}
                            aria-label={`${m[key]} ${member.userName}`}
                            onClick={() => void decide(member, approve)}
                          >
                            {m[key]}
                          </button>
                        ))}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager page={page} totalPage={totalPage} onChange={setPage} texts={pagerTexts(m)} />
      </LoadState>
    </section>
  );
}
