/** An announcement's state as a badge: draft, scheduled or published. */
import type { NoticeState } from '@/api/crm-notice-types';
import { Badge } from '@/components/ui/badge';
import type { Messages } from '@/i18n/index';

type StateMessages = Messages<'crmNotice.state.draft' | 'crmNotice.state.scheduled' | 'crmNotice.state.published'>;

const looks: Record<NoticeState, 'outline' | 'secondary' | 'default'> = { draft: 'outline', scheduled: 'secondary', published: 'default' };

export function StateBadge({ state, messages }: { state: NoticeState; messages: StateMessages }) {
  return <Badge variant={looks[state]}>{messages[`crmNotice.state.${state}`]}</Badge>;
}
