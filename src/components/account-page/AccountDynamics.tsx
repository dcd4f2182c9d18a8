/**
 * The caller's own study dynamics on the account page (`studyDynamicPage`, scope own, 10 a
 * page): what they started, completed and joined, worded as on `/watch` and linked to the
 * course, project or live room, with how long ago. The page lives in the URL (`activity`), so
 * coming back shows it again.
 */
import ActivityIcon from 'lucide-react/icons/activity';
import { getStudyDynamics } from '@/api/player';
import type { AccountPageMessages } from '@/components/account-page/messages';
import { PagedBlock } from '@/components/account-page/PagedBlock';
import { TimeAgo } from '@/components/home/TimeAgo';
import { ActivitySentence } from '@/components/player/ActivitySentence';
import { loadTexts } from '@/components/ui/load-state';
import { pagerTexts } from '@/components/ui/pager';
import type { Locale } from '@/i18n/locale-path';

interface AccountDynamicsProps {
  locale: Locale;
  messages: AccountPageMessages;
  page: number;
  onPage: (page: number) => void;
}

export function AccountDynamics({ locale, messages: m, page, onPage }: AccountDynamicsProps) {
  const now = Date.now();
  return (
    <section aria-labelledby="account-dynamics" className="bg-card grid gap-4 rounded-xl border p-5">
      <h2 id="account-dynamics" className="flex items-center gap-2 text-lg font-semibold">
        <ActivityIcon aria-hidden="true" className="text-primary size-5" />
        {m['ledger.dynamics.title']}
      </h2>
      <PagedBlock
        page={page}
        onPage={onPage}
        loadKey="own"
        load={(pageCurrent, signal) => getStudyDynamics({ pageCurrent, scope: 'own' }, { isShowErrTip: false, signal })}
        texts={loadTexts(m, m['player.activity.empty'])}
        pager={pagerTexts(m)}
      >
        {(result) => (
          <ul className="divide-y">
            {result.list.map((dynamic) => {
              const template = m[`player.activity.${dynamic.kind}`];
              // A kind this page does not know yet (a newer gateway) has no sentence to show.
              if (!template) return null;
              return (
                <li key={dynamic.id} className="flex items-start gap-3 py-3 text-sm">
                  <p className="min-w-0 flex-1 leading-6 break-words">
                    <ActivitySentence dynamic={dynamic} locale={locale} template={template} unnamed={m['player.activity.unnamed']} />
                  </p>
                  <TimeAgo value={dynamic.createdAt} locale={locale} now={now} className="text-muted-foreground shrink-0 text-xs leading-6" />
                </li>
              );
            })}
          </ul>
        )}
      </PagedBlock>
    </section>
  );
}
