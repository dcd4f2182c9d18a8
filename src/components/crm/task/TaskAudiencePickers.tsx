/** The departments and posts (trees, each with those under it) and members a study task names; loaded with the form's "chosen" audience. */
import { useEffect, useId, useState } from 'react';
import { getOrgTree, type OrgKind } from '@/api/crm-people';
import type { CrmOrgNode } from '@/api/crm-people-types';
import { DepartmentPicker } from '@/components/crm/notice/DepartmentPicker';
import { MemberPicker } from '@/components/crm/notice/MemberPicker';
import type { TaskAudienceValue } from '@/api/crm-task-types';
import type { TaskAudienceMessages } from '@/components/crm/task/messages';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

function OrgTree({
  kind,
  label,
  value,
  onChange,
  messages: m,
}: {
  kind: OrgKind;
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  messages: TaskAudienceMessages;
}) {
  const id = useId();
  const [tree, setTree] = useState<CrmOrgNode[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    getOrgTree(kind, { signal: controller.signal, isShowErrTip: false }).then(setTree, () => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [kind, attempt]);
  return (
    <div className="grid content-start gap-2">
      <h3 id={`${id}-label`} className="text-sm font-medium">
        {label}
      </h3>
      <div role="group" aria-labelledby={`${id}-label`} className="max-h-72 overflow-y-auto rounded-md border p-2">
        {tree ? (
          <DepartmentPicker tree={tree} value={value} onChange={onChange} messages={m} />
        ) : failed ? (
          <div role="alert" className="grid justify-items-start gap-2 p-2 text-sm">
            {m['crmTask.form.audience.loadFailed']}
            <Button type="button" variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
              {m['crmSite.retry']}
            </Button>
          </div>
        ) : (
          <div className="grid gap-2 p-1">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-5 w-2/3" />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

export function TaskAudiencePickers({ value, onChange, messages: m }: { value: TaskAudienceValue; onChange: (value: TaskAudienceValue) => void; messages: TaskAudienceMessages }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <OrgTree kind="department" label={m['crmTask.form.audience.departments']} value={value.departmentIds} onChange={(departmentIds) => onChange({ ...value, departmentIds })} messages={m} />
      <OrgTree kind="post" label={m['crmTask.form.audience.posts']} value={value.postIds} onChange={(postIds) => onChange({ ...value, postIds })} messages={m} />
      <div className="grid content-start gap-2">
        <h3 className="text-sm font-medium">{m['crmTask.form.audience.members']}</h3>
        <MemberPicker value={value.members} onChange={(members) => onChange({ ...value, members })} messages={m} />
      </div>
    </div>
  );
}
