/**
 * The three rankings on the home page, each a card with its page (integral 3, credit hours 9,
 * certificates 3), paging and the caller's own place; a link to the whole rankings page.
 * Loaded lazily by the home page.
 */
import AwardIcon from 'lucide-react/icons/award';
import ClockIcon from 'lucide-react/icons/clock';
import TrophyIcon from 'lucide-react/icons/trophy';
import type { ComponentType } from 'react';
import type { RankMeasure } from '@/api/rank';
import type { HomeMessages } from '@/components/home/messages';
import { cardClass, MoreLink, SectionHeading } from '@/components/home/parts';
import { RankBoard } from '@/components/rank/RankBoard';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';

interface HomeRankingsProps {
  locale: Locale;
  messages: HomeMessages;
}

const ICONS: Record<RankMeasure, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  integral: TrophyIcon,
  creditHour: ClockIcon,
  certificate: AwardIcon,
};

function Board({ measure, locale, messages: m }: { measure: RankMeasure } & HomeRankingsProps) {
  const Icon = ICONS[measure];
  const title = m[`home.rank.${measure}`];
  const more = `${localizePath('/home/rank', locale)}${measure === 'integral' ? '' : `?tab=${measure}`}`;
  return (
    <section aria-labelledby={`home-rank-${measure}`} className={`${cardClass} grid content-start gap-3 p-5`}>
      <SectionHeading
        id={`home-rank-${measure}`}
        level={3}
        title={title}
        icon={<Icon aria-hidden className="text-primary size-5" />}
        action={<MoreLink href={more} text={m['home.rank.all']} label={fill(m['home.rank.allOf'], { title })} />}
      />
      <RankBoard measure={measure} locale={locale} messages={m} title={title} />
    </section>
  );
}

export function HomeRankings({ locale, messages: m }: HomeRankingsProps) {
  return (
    <section aria-labelledby="home-rankings" className="grid gap-4">
      <SectionHeading
        id="home-rankings"
        title={m['home.rank.title']}
        action={<MoreLink href={localizePath('/home/rank', locale)} text={m['home.rank.all']} />}
      />
      <div className="grid gap-5 lg:grid-cols-2">
        <div className="grid content-start gap-5">
          <Board measure="integral" locale={locale} messages={m} />
          <Board measure="certificate" locale={locale} messages={m} />
        </div>
        <Board measure="creditHour" locale={locale} messages={m} />
      </div>
    </section>
  );
}
