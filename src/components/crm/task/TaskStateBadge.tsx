/** A study task's state as a badge: not started, running, ended. */
import type { CrmTaskRow } from '@/api/crm-task-types';
import { Badge } from '@/components/ui/badge';
import { fill } from '@/i18n/fill';
import type { Messages } from '@/i18n/index';

const VARIANT = { 1: 'outline', 2: 'default', 3: 'secondary' } as const;

export function TaskStateBadge({
  state,
  template,
  messages: m,
}: {
  state: CrmTaskRow['state'];
  /** Words around the state, `{state}` where it goes ("Status: {state}"). */
  template?: string;
  messages: Messages<'crmTask.state.1' | 'crmTask.state.2' | 'crmTask.state.3'>;
}) {
  const text = m[`crmTask.state.${state}`] ?? '';
  return <Badge variant={VARIANT[state] ?? 'outline'}>{template ? fill(template, { state: text }) : text}</Badge>;
}
