/**
 * The home page (`/`, `/home`, `/home/indexOld`). Signed in: the greeting with the exam
 * counts, the carousel beside the latest announcements, then — each loading its code and data
 * as it scrolls near — the zones, the three rankings and the company's study dynamics.
 * Anonymous visitors, for whom every home call is closed, get the tenant's branded welcome
 * (loaded on its own: signed-in visitors never need it).
 */
import { lazy, Suspense } from 'react';
import { Announcements } from '@/components/home/Announcements';
import { BannerCarousel } from '@/components/home/BannerCarousel';
import { Greeting } from '@/components/home/Greeting';
import type { HomeMessages } from '@/components/home/messages';
import { Bar, cardClass, WhenVisible } from '@/components/home/parts';
import { useSignedIn } from '@/components/shell/use-signed-in';
import type { Locale } from '@/i18n/locale-path';

const Welcome = lazy(() => import('@/components/home/Welcome').then((m) => ({ default: m.Welcome })));
const Zones = lazy(() => import('@/components/home/Zones').then((m) => ({ default: m.Zones })));
const HomeRankings = lazy(() => import('@/components/home/HomeRankings').then((m) => ({ default: m.HomeRankings })));
const CompanyDynamics = lazy(() =>
  import('@/components/home/CompanyDynamics').then((m) => ({ default: m.CompanyDynamics })),
);

interface HomeProps {
  locale: Locale;
  messages: HomeMessages;
}

/** A block's stand-in until it is near: its heading and a body of the given height. */
function Placeholder({ height, card }: { height: string; card?: boolean }) {
  return (
    <div aria-hidden="true" className={`grid gap-4 ${card ? `${cardClass} p-5` : ''}`}>
      <Bar className="h-6 w-40" />
      <span className={`bg-muted/60 block animate-pulse rounded-2xl ${height}`} />
    </div>
  );
}

/** The page before the session is known (the built page and the first render). */
function Skeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" className="grid gap-8">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className={`${cardClass} flex items-center gap-4 p-6`}>
        <span className="bg-muted size-14 animate-pulse rounded-full" />
        <span className="grid flex-1 gap-2">
          <Bar className="h-6 w-48" />
          <Bar className="h-4 w-32" />
        </span>
      </div>
      <div aria-hidden="true" className="grid gap-6 lg:grid-cols-3">
        <span className="bg-muted block aspect-[12/5] animate-pulse rounded-2xl lg:col-span-2" />
        <span className={`${cardClass} bg-muted/40 block min-h-64 animate-pulse`} />
      </div>
    </div>
  );
}

export function Home({ locale, messages: m }: HomeProps) {
  const signedIn = useSignedIn();
  if (signedIn === undefined) return <Skeleton label={m['learning.loading']} />;
  if (!signedIn) {
    return (
      <Suspense fallback={<Skeleton label={m['learning.loading']} />}>
        <Welcome locale={locale} messages={m} />
      </Suspense>
    );
  }
  return (
    <div className="grid gap-12">
      <div className="grid gap-6">
        <Greeting locale={locale} messages={m} />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <BannerCarousel locale={locale} messages={m} />
          </div>
          <Announcements locale={locale} messages={m} />
        </div>
      </div>
      <WhenVisible name="zones" placeholder={<Placeholder height="h-96" />}>
        <Zones locale={locale} messages={m} />
      </WhenVisible>
      <WhenVisible name="rankings" placeholder={<Placeholder height="h-[36rem]" />}>
        <HomeRankings locale={locale} messages={m} />
      </WhenVisible>
      <WhenVisible name="dynamics" placeholder={<Placeholder height="h-96" card />}>
        <CompanyDynamics locale={locale} messages={m} />
      </WhenVisible>
    </div>
  );
}
