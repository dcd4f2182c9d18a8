/** The departments (a tree with the ones under each) and members a course is shown to; loaded with the course form's "chosen" audience. */
import { useEffect, useId, useState } from 'react';
import { getDepartmentList } from '@/api/account';
import type { TreeOption } from '@/api/types';
import type { AudienceValue } from '@/api/crm-course-types';
import type { CourseFormMessages } from '@/components/crm/course/messages';
import { DepartmentPicker } from '@/components/crm/notice/DepartmentPicker';
import { MemberPicker } from '@/components/crm/notice/MemberPicker';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

export function AudiencePickers({ value, onChange, messages: m }: { value: AudienceValue; onChange: (value: AudienceValue) => void; messages: CourseFormMessages }) {
  const id = useId();
  const [tree, setTree] = useState<TreeOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    getDepartmentList({ signal: controller.signal, isShowErrTip: false }).then(setTree, () => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [attempt]);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="grid content-start gap-2">
        <h3 id={`${id}-departments`} className="text-sm font-medium">
          {m['crmCourse.form.audience.departments']}
        </h3>
        <div role="group" aria-labelledby={`${id}-departments`} className="max-h-72 overflow-y-auto rounded-md border p-2">
          {tree ? (
            <DepartmentPicker tree={tree} value={value.audienceDepartments} onChange={(audienceDepartments) => onChange({ ...value, audienceDepartments })} messages={m} />
          ) : failed ? (
            <div role="alert" className="grid justify-items-start gap-2 p-2 text-sm">
              {m['crmCourse.form.audience.loadFailed']}
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
      <div className="grid content-start gap-2">
        <h3 className="text-sm font-medium">{m['crmCourse.form.audience.members']}</h3>
        <MemberPicker value={value.audienceMembers} onChange={(audienceMembers) => onChange({ ...value, audienceMembers })} messages={m} />
      </div>
    </div>
  );
}
