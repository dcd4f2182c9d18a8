/** A live room's status as a badge: not started, live, ended. */
import type { CrmLiveRoom } from '@/api/crm-live-types';
import { Badge } from '@/components/ui/badge';
import { fill } from '@/i18n/fill';
import type { Messages } from '@/i18n/index';

const VARIANT = { 1: 'outline', 2: 'default', 3: 'secondary' } as const;

export function LiveStatusBadge({
  status,
  template,
  messages: m,
}: {
  status: CrmLiveRoom['liveStatus'];
  /** Words around the status, `{status}` where it goes ("Status: {status}"). */
  template?: string;
  messages: Messages<'crmLive.status.1' | 'crmLive.status.2' | 'crmLive.status.3'>;
}) {
  const text = m[`crmLive.status.${status}`] ?? '';
  return <Badge variant={VARIANT[status] ?? 'outline'}>{template ? fill(template, { status: text }) : text}</Badge>;
}
