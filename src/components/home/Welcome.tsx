/**
 * What anonymous visitors see on the home page: the tenant's branded welcome (its logo, name
 * and colours), a sign-in call to action that comes back here, and what the platform offers.
 * Every home call needs a session, so nothing else is asked of the gateway.
 */
import { useStore } from '@nanostores/react';
import AwardIcon from 'lucide-react/icons/award';
import BookOpenIcon from 'lucide-react/icons/book-open';
import ClipboardCheckIcon from 'lucide-react/icons/clipboard-check';
import LogInIcon from 'lucide-react/icons/log-in';
import RadioIcon from 'lucide-react/icons/radio';
import type { ComponentType } from 'react';
import type { HomeMessages } from '@/components/home/messages';
import { cardClass } from '@/components/home/parts';
import { signInHref } from '@/components/ui/login-first';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { $site, brandTexts } from '@/stores/site';

interface WelcomeProps {
  locale: Locale;
  messages: HomeMessages;
}

const FEATURES: [ComponentType<{ className?: string; 'aria-hidden'?: boolean }>, 'courses' | 'exams' | 'live' | 'certificates'][] = [
  [BookOpenIcon, 'courses'],
  [ClipboardCheckIcon, 'exams'],
  [RadioIcon, 'live'],
  [AwardIcon, 'certificates'],
];

export function Welcome({ locale, messages: m }: WelcomeProps) {
  const site = useStore($site);
  const brand = site ? brandTexts(site, locale === 'en' ? 'en' : 'zh-CN') : undefined;
  const siteName = brand?.title || brand?.name;
  return (
    <div className="grid gap-8">
      <section
        aria-labelledby="home-welcome"
        className="text-primary-foreground relative overflow-hidden rounded-3xl px-6 py-12 sm:px-12 sm:py-16"
        style={{ background: 'linear-gradient(125deg, var(--primary), color-mix(in oklab, var(--primary) 50%, #0b1120))' }}
      >
        <span
          aria-hidden="true"
          className="pointer-events-none absolute -end-24 -top-24 size-80 rounded-full bg-white/10"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute end-24 -bottom-32 size-64 rounded-full bg-white/5"
        />
        <div className="relative grid max-w-2xl gap-5">
          {site?.logo && (
            <span className="flex w-fit items-center rounded-xl bg-white/95 px-3 py-2 shadow-sm">
              <img src={site.logo} alt={brand?.name ?? ''} className="h-8 w-auto" />
            </span>
          )}
          <h2 id="home-welcome" className="text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">
            {siteName ? fill(m['home.welcome.title'], { site: siteName }) : m['home.welcome.titlePlain']}
          </h2>
          <p className="text-base leading-relaxed opacity-90 sm:text-lg">{m['home.welcome.text']}</p>
          <div className="flex flex-wrap gap-3 pt-2">
            <a
              href={signInHref()}
              className="text-primary inline-flex h-11 items-center gap-2 rounded-lg bg-white px-6 text-base font-semibold shadow-sm outline-none hover:bg-white/90 focus-visible:ring-[3px] focus-visible:ring-white/60"
            >
              <LogInIcon aria-hidden="true" className="size-5" />
              {m['home.welcome.signIn']}
            </a>
            <a
              href={localizePath('/register', locale)}
              className="inline-flex h-11 items-center rounded-lg border border-white/50 px-6 text-base font-medium outline-none hover:bg-white/10 focus-visible:ring-[3px] focus-visible:ring-white/60"
            >
              {m['home.welcome.register']}
            </a>
          </div>
        </div>
      </section>
      <section aria-labelledby="home-features" className="grid gap-4">
        <h2 id="home-features" className="text-xl font-semibold tracking-tight">
          {m['home.welcome.features']}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(([Icon, key]) => (
            <li key={key} className={`${cardClass} grid content-start gap-3 p-5`}>
              <span className="bg-primary/10 text-primary flex size-11 items-center justify-center rounded-xl">
                <Icon aria-hidden className="size-5" />
              </span>
              <h3 className="font-semibold">{m[`home.welcome.${key}`]}</h3>
              <p className="text-muted-foreground text-sm leading-relaxed">{m[`home.welcome.${key}Text`]}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
