/**
 * Who must do a study task, in its form: every member, or chosen departments and posts (each
 * with those under it) and members; and whether those who join later are assigned too. The
 * organisation trees and the member search load only when "chosen" is picked.
 */
import { lazy, Suspense, useId } from 'react';
import type { TaskAudienceMessages } from '@/components/crm/task/messages';
import type { TaskAudienceValue } from '@/api/crm-task-types';
import { fill } from '@/i18n/fill';
import { TASK_AUDIENCE } from '@/lib/task-rules';

const TaskAudiencePickers = lazy(() => import('@/components/crm/task/TaskAudiencePickers').then((mod) => ({ default: mod.TaskAudiencePickers })));

export function TaskAudience({
  value,
  onChange,
  error,
  messages: m,
}: {
  value: TaskAudienceValue;
  onChange: (value: TaskAudienceValue) => void;
  error?: string;
  messages: TaskAudienceMessages;
}) {
  const id = useId();
  const chosen = value.audience === TASK_AUDIENCE.chosen;
  const option = (audience: 0 | 1, label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name={`${id}-audience`}
        className="accent-primary size-4"
        checked={value.audience === audience}
        onChange={() => onChange({ ...value, audience })}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">{m['crmTask.form.audience']}</legend>
      <div className="flex flex-wrap gap-6">
        {option(TASK_AUDIENCE.everyone, m['crmTask.form.audience.everyone'])}
        {option(TASK_AUDIENCE.chosen, m['crmTask.form.audience.chosen'])}
      </div>
      {chosen && (
        <>
          <Suspense fallback={<p className="text-muted-foreground text-sm">{m['crmSite.loading']}</p>}>
            <TaskAudiencePickers value={value} onChange={onChange} messages={m} />
          </Suspense>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {fill(m['crmTask.form.audience.count'], { departments: value.departmentIds.length, posts: value.postIds.length, members: value.members.length })}
          </p>
        </>
      )}
      {error && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="accent-primary size-4" checked={value.joinLater} onChange={(e) => onChange({ ...value, joinLater: e.target.checked })} />
        {m['crmTask.form.joinLater']}
      </label>
    </fieldset>
  );
}
