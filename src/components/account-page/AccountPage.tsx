/**
 * The personal centre (`/account`, `/account/indexOld`): the signed-in user with entries to
 * the profile and password dialogs, and tabs by the query `change` (spec section 2): 1 the
 * study tasks, 2 training (progress or projects), 3 cards (points, credit hours and
 * certificates with the user's place; `recordType` 1 points, 2 certificates), 15 the message
 * centre. The tab lives in the URL (replaceState); arrow keys move between tabs. Each tab's
 * code loads when it is first shown. Below the tabs: the user's own study dynamics.
 */
import { useStore } from '@nanostores/react';
import KeyRoundIcon from 'lucide-react/icons/key-round';
import UserPenIcon from 'lucide-react/icons/user-pen';
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { AccountPageMessages } from '@/components/account-page/messages';
import {
  ACCOUNT_TABS,
  readAccountQuery,
  switchTab,
  withPage,
  type AccountQuery,
  type AccountTab,
} from '@/components/account-page/query';
import { outlineButtonSm } from '@/components/ui/button-class';
import { LoadState, loadTexts } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import type { Locale } from '@/i18n/locale-path';
import { $token, $user } from '@/stores/session';

const TasksPart = lazy(() => import('@/components/account-page/TrainParts').then((m) => ({ default: m.TasksPart })));
const TrainingPart = lazy(() =>
  import('@/components/account-page/TrainParts').then((m) => ({ default: m.TrainingPart })),
);
const CardsPanel = lazy(() => import('@/components/account-page/CardsPanel').then((m) => ({ default: m.CardsPanel })));
const MessageCentre = lazy(() =>
  import('@/components/message/MessageCentre').then((m) => ({ default: m.MessageCentre })),
);
const AccountDynamics = lazy(() =>
  import('@/components/account-page/AccountDynamics').then((m) => ({ default: m.AccountDynamics })),
);

interface AccountPageProps {
  locale: Locale;
  messages: AccountPageMessages;
}

function Profile({ messages: m }: { messages: AccountPageMessages }) {
  const user = useStore($user);
  const [failed, setFailed] = useState(false);
  if (!user) return null;
  const detail = [user.departmentName, user.postName].filter(Boolean).join(' · ');
  return (
    <section aria-label={user.userName} className="bg-card flex flex-wrap items-center gap-4 rounded-xl border p-5">
      <span className="bg-muted text-muted-foreground flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full text-xl font-medium">
        {user.headPortrait && !failed ? (
          <img src={user.headPortrait} alt="" className="size-full object-cover" onError={() => setFailed(true)} />
        ) : (
          <span aria-hidden="true">{user.userName.charAt(0)}</span>
        )}
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="truncate text-lg font-semibold">{user.userName}</p>
        {detail && <p className="text-muted-foreground truncate text-sm">{detail}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        {/* The layout's dialog host opens the dialog the hash names. */}
        <a href="#profile" className={outlineButtonSm}>
          <UserPenIcon aria-hidden="true" />
          {m['account.profile']}
        </a>
        <a href="#password" className={outlineButtonSm}>
          <KeyRoundIcon aria-hidden="true" />
          {m['account.changePassword']}
        </a>
      </div>
    </section>
  );
}

export function AccountPage({ locale, messages: m }: AccountPageProps) {
  const token = useStore($token);
  const [query, setQuery] = useState<AccountQuery>();
  const tabRefs = useRef<Partial<Record<AccountTab, HTMLButtonElement | null>>>({});

  useEffect(() => {
    const read = () => setQuery(readAccountQuery(location.search));
    read();
    // The message centre's back button walks its own history entries; the tab may change with them.
    addEventListener('popstate', read);
    return () => removeEventListener('popstate', read);
  }, []);

  if (!query) return <LoadState status="loading" texts={loadTexts(m)} />;
  if (!token) return <LoginFirst text={m['auth.loginFirst']} linkText={m['study.signIn']} />;

  const replaceQuery = (search: string) => {
    history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
    setQuery(readAccountQuery(search));
  };

  const choose = (next: AccountTab, focus = false) => {
    if (next !== readAccountQuery(location.search).change) replaceQuery(switchTab(location.search, next));
    if (focus) tabRefs.current[next]?.focus();
  };

  // From the tab the key was pressed on: keys may come faster than the page renders.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, from: AccountTab) => {
    const index = ACCOUNT_TABS.indexOf(from);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: ACCOUNT_TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(ACCOUNT_TABS[(next + ACCOUNT_TABS.length) % ACCOUNT_TABS.length]!, true);
  };

  const tab = query.change;
  return (
    <div className="grid gap-6">
      <Profile messages={m} />
      <div role="tablist" aria-label={m['accountPage.tabs']} className="flex gap-1 overflow-x-auto border-b">
        {ACCOUNT_TABS.map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            id={`account-tab-${t}`}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls={`account-panel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => choose(t)}
            onKeyDown={(event) => onKeyDown(event, t)}
            className="focus-visible:ring-ring/50 aria-selected:border-primary aria-selected:text-primary -mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-[3px]"
          >
            {m[`accountPage.tab.${t}`]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`account-panel-${tab}`}
        aria-labelledby={`account-tab-${tab}`}
        tabIndex={0}
        className="outline-none"
      >
        <Suspense fallback={<LoadState status="loading" texts={loadTexts(m)} />}>
          {tab === 1 && <TasksPart locale={locale} messages={m} />}
          {tab === 2 && (
<TrainingPart locale={locale} messages={m} part={query.part} onPart={replaceQuery} />
          )}
          {tab === 3 && <CardsPanel locale={locale} messages={m} query={query} onQuery={replaceQuery} />}
          {tab === 15 && <MessageCentre locale={locale} messages={m} />}
        </Suspense>
      </div>
      <Suspense fallback={<LoadState status="loading" texts={loadTexts(m)} />}>
        <AccountDynamics
          locale={locale}
          messages={m}
          page={query.activityPage}
          onPage={(page) => replaceQuery(withPage(location.search, page, 'activity'))}
        />
      </Suspense>
    </div>
  );
}
