/**
 * The organisation centre's overview (`organizationOverview`): the company's learners, those
 * active in the last 30 days, courses started and completed, average progress, completion
 * rate, credit hours earned and certificates held.
 */
import ActivityIcon from 'lucide-react/icons/activity';
import AwardIcon from 'lucide-react/icons/award';
import BookOpenIcon from 'lucide-react/icons/book-open';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import ClockIcon from 'lucide-react/icons/clock';
import GaugeIcon from 'lucide-react/icons/gauge';
import PercentIcon from 'lucide-react/icons/percent';
import UsersIcon from 'lucide-react/icons/users';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { getOrganizationOverview } from '@/api/organization';
import type { OrganizationOverview } from '@/api/people-types';
import type { OrganizationMessages } from '@/components/organization/messages';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import type { Locale } from '@/i18n/locale-path';

interface Figure {
  key: keyof OrganizationOverview;
  label: `organization.figure.${keyof OrganizationOverview}`;
  Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  percent?: boolean;
}

const FIGURES: Figure[] = [
  { key: 'learners', label: 'organization.figure.learners', Icon: UsersIcon },
  { key: 'activeLearners', label: 'organization.figure.activeLearners', Icon: ActivityIcon },
  { key: 'coursesStarted', label: 'organization.figure.coursesStarted', Icon: BookOpenIcon },
  { key: 'coursesCompleted', label: 'organization.figure.coursesCompleted', Icon: CircleCheckIcon },
  { key: 'averageProgress', label: 'organization.figure.averageProgress', Icon: GaugeIcon, percent: true },
  { key: 'completionRate', label: 'organization.figure.completionRate', Icon: PercentIcon, percent: true },
  { key: 'creditHours', label: 'organization.figure.creditHours', Icon: ClockIcon },
  { key: 'certificates', label: 'organization.figure.certificates', Icon: AwardIcon },
];

const boxClass = 'bg-card grid gap-2 rounded-xl border p-4';

function Skeleton() {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {FIGURES.map((f) => (
        <div key={f.key} className={boxClass}>
          <span className="bg-muted h-4 w-24 animate-pulse rounded" />
          <span className="bg-muted h-8 w-16 animate-pulse rounded" />
        </div>
      ))}
    </div>
  );
}

interface OverviewProps {
  locale: Locale;
  messages: OrganizationMessages;
  /** Hears a failed load (a refusal shows the page's refusal state). */
  onError: (error: unknown) => void;
}

export function Overview({ locale, messages: m, onError }: OverviewProps) {
  const [data, setData] = useState<OrganizationOverview>();
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const hear = useRef(onError);
  hear.current = onError;

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getOrganizationOverview({ isShowErrTip: false, signal: controller.signal }).then(
      (found) => {
        setData(found);
        setStatus('ready');
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setStatus('error');
        hear.current(error);
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const number = new Intl.NumberFormat(locale === 'en' ? 'en' : 'zh-CN', { maximumFractionDigits: 1 });
  return (
    <section aria-labelledby="org-overview" className="grid gap-4">
      <h2 id="org-overview" className="text-lg font-semibold">
        {m['organization.overview']}
      </h2>
      <LoadState status={status} texts={loadTexts(m)} onRetry={() => setAttempt((n) => n + 1)} skeleton={<Skeleton />}>
        {data && (
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {FIGURES.map(({ key, label, Icon, percent }) => (
              <div key={key} className={boxClass}>
                <dt className="text-muted-foreground flex items-center gap-2 text-sm">
                  <Icon aria-hidden className="text-primary size-4 shrink-0" />
                  {m[label]}
                </dt>
                <dd className="text-2xl font-semibold tabular-nums">
                  {number.format(data[key])}
                  {percent && '%'}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </LoadState>
    </section>
  );
}
