/**
 * One certificate of the caller: name, status and issue way, dates, what awards it (linked to
 * the course or project), the verification code, the PDF download (the button shows
 * "downloading" for 2 seconds or until the file arrives, spec sections 4 and 9) and its public
 * verification page.
 */
import BadgeCheckIcon from 'lucide-react/icons/badge-check';
import DownloadIcon from 'lucide-react/icons/download';
import { useEffect, useRef, useState } from 'react';
import { downloadCertificatePdf } from '@/api/certificate';
import { CertificateStatus, IssueWay, type CertificateItem } from '@/api/certificate-types';
import type { CertificatesPageMessages } from '@/components/certificate/messages';
import { verifyHref } from '@/components/certificate/query';
import { DOWNLOAD_FLAG_MS, saveBlob } from '@/components/course/save-blob';
import { Fact } from '@/components/exam/parts';
import { LoaderCircleIcon } from '@/components/layout/icons';
import { formatDay } from '@/components/study/format';
import { outlineButtonSm, primaryButtonSm } from '@/components/ui/button-class';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';

interface CertificateCardProps {
  item: CertificateItem;
  locale: Locale;
  messages: CertificatesPageMessages;
}

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

function Source({ item, locale, messages: m }: CertificateCardProps) {
  const { source } = item;
  if (!source) return <>{m['certificate.source.none']}</>;
  const isCourse = source.type === 'course';
  // The course or project page; importing the course card's link helper would ship the card.
  const href = localizePath(`${isCourse ? '/knowledge/course' : '/knowledge/project'}/${encodeURIComponent(source.id)}`, locale);
  return (
    <a href={href} className="text-primary underline-offset-4 hover:underline">
      {fill(m[isCourse ? 'certificate.source.course' : 'certificate.source.project'], { name: source.name })}
    </a>
  );
}

export function CertificateCard({ item, locale, messages: m }: CertificateCardProps) {
  const [busy, setBusy] = useState(false);
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const download = async () => {
    if (busy) return;
    setBusy(true);
    const started = Date.now();
    try {
      saveBlob(await downloadCertificatePdf(item.id), `${item.name}.pdf`);
    } catch {
      // The client showed the gateway's message.
    }
    timer.current = window.setTimeout(() => setBusy(false), Math.max(0, DOWNLOAD_FLAG_MS - (Date.now() - started)));
  };

  const held = item.status === CertificateStatus.held;
  const titleId = `certificate-${item.id}`;
  return (
    <article aria-labelledby={titleId} className="bg-card grid gap-4 rounded-xl border p-4 md:grid-cols-[1fr_auto] md:items-start">
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <BadgeCheckIcon aria-hidden="true" className={`size-5 ${held ? 'text-primary' : 'text-muted-foreground'}`} />
          <h2 id={titleId} className="font-semibold">
            {item.name}
          </h2>
          <span className={`${badge} ${held ? 'bg-emerald-100 text-emerald-800' : 'bg-zinc-200 text-zinc-700'}`}>
            {m[`certificate.status.${item.status}`]}
          </span>
          <span className={`${badge} bg-muted`}>{m[item.issueWay === IssueWay.manual ? 'certificate.issueWay.2' : 'certificate.issueWay.1']}</span>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4">
          <Fact term={m['certificate.issuedAt']}>{formatDay(item.issuedAt)}</Fact>
          <Fact term={m['certificate.expiresAt']}>{item.expiresAt ? formatDay(item.expiresAt) : m['certificate.longTerm']}</Fact>
          <Fact term={m['certificate.source']}>
            <Source item={item} locale={locale} messages={m} />
          </Fact>
          <Fact term={m['certificate.code']}>
            <span className="font-mono tracking-wider select-all">{item.code}</span>
          </Fact>
        </dl>
      </div>
      <div className="flex flex-wrap items-center gap-2 md:justify-end">
        <button
          type="button"
          className={primaryButtonSm}
          disabled={busy}
          aria-busy={busy || undefined}
          aria-label={fill(m[busy ? 'certificate.downloadingOf' : 'certificate.downloadOf'], { name: item.name })}
          onClick={() => void download()}
        >
          {busy ? <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> : <DownloadIcon aria-hidden="true" />}
          {busy ? m['certificate.downloading'] : m['certificate.download']}
        </button>
        <a
          href={verifyHref(item.code, localizePath('/certificate/verify', locale))}
          className={outlineButtonSm}
          aria-label={fill(m['certificate.verifyOnlineOf'], { name: item.name })}
        >
          {m['certificate.verifyOnline']}
        </a>
      </div>
    </article>
  );
}
