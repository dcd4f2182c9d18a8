/**
 * Who may see a course, in the course form: the whole company, or chosen departments (each with
 * the departments under it) and members. The department tree and the pickers load only when
 * "chosen" is picked (or the course already names someone).
 */
import { lazy, Suspense, useId } from 'react';
import type { AudienceValue } from '@/api/crm-course-types';
import type { CourseFormMessages } from '@/components/crm/course/messages';
import { fill } from '@/i18n/fill';
import { COURSE_AUDIENCE } from '@/lib/authoring-rules';

const AudiencePickers = lazy(() => import('@/components/crm/course/AudiencePickers').then((mod) => ({ default: mod.AudiencePickers })));

export function CourseAudience({
  value,
  onChange,
  error,
  messages: m,
}: {
  value: AudienceValue;
  onChange: (value: AudienceValue) => void;
  error?: string;
  messages: CourseFormMessages;
}) {
  const id = useId();
  const chosen = value.audience === COURSE_AUDIENCE.chosen;
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
      <legend className="mb-2 text-sm font-medium">{m['crmCourse.form.audience']}</legend>
      <div className="flex flex-wrap gap-6">
        {option(COURSE_AUDIENCE.everyone, m['crmCourse.form.audience.everyone'])}
        {option(COURSE_AUDIENCE.chosen, m['crmCourse.form.audience.chosen'])}
      </div>
      {chosen && (
        <>
          <Suspense fallback={<p className="text-muted-foreground text-sm">{m['crmSite.loading']}</p>}>
            <AudiencePickers value={value} onChange={onChange} messages={m} />
          </Suspense>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {fill(m['crmCourse.form.audience.count'], { departments: value.audienceDepartments.length, members: value.audienceMembers.length })}
          </p>
        </>
      )}
      {error && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}
