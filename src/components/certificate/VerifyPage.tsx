/**
 * The public verification of a certificate (`/certificate/verify?code=…`): a code field,
 * prefilled from the query and checked at once, and the answer: genuine and held, genuine but
 * expired, or not found. The code checked is kept in the URL, so the page can be shared.
 */
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import CircleXIcon from 'lucide-react/icons/circle-x';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { verifyCertificate, type VerifyOutcome } from '@/api/certificate';
import { CertificateStatus, type CertificateVerification } from '@/api/certificate-types';
import type { VerifyPageMessages } from '@/components/certificate/messages';
import { CODE_INPUT_MAX, codeFromQuery, verifyHref } from '@/components/certificate/query';
import { Fact } from '@/components/exam/parts';
import { LoaderCircleIcon } from '@/components/layout/icons';
import { formatDay } from '@/components/study/format';
import { primaryButton } from '@/components/ui/button-class';
import { fieldFrame } from '@/components/ui/field';
import { fill } from '@/i18n/fill';

interface VerifyPageProps {
  messages: VerifyPageMessages;
}

type Answer = { kind: 'idle' } | { kind: 'checking' } | { kind: 'error' } | VerifyOutcome;

function Found({ certificate, messages: m }: { certificate: CertificateVerification; messages: VerifyPageMessages }) {
  const held = certificate.status === CertificateStatus.held;
  const Icon = held ? CircleCheckIcon : CircleAlertIcon;
  const text = held
    ? fill(m['certificate.verify.genuineText'], { company: certificate.companyName })
    : fill(m['certificate.verify.expiredText'], { company: certificate.companyName, date: formatDay(certificate.expiresAt) });
  return (
    <div className={`grid gap-4 rounded-xl border p-5 ${held ? 'border-emerald-300 bg-emerald-50' : 'border-amber-300 bg-amber-50'}`}>
      <div className="flex items-start gap-3">
        <Icon aria-hidden="true" className={`mt-0.5 size-6 shrink-0 ${held ? 'text-emerald-700' : 'text-amber-700'}`} />
        <div className="grid gap-1">
          <h2 className={`text-lg font-semibold ${held ? 'text-emerald-900' : 'text-amber-900'}`}>
            {m[held ? 'certificate.verify.genuine' : 'certificate.verify.expired']}
          </h2>
          <p className="text-sm">{text}</p>
        </div>
      </div>
      <dl className="bg-background grid gap-x-6 gap-y-3 rounded-lg border p-4 sm:grid-cols-2">
        <Fact term={m['certificate.verify.holder']}>{certificate.userName}</Fact>
        <Fact term={m['certificate.verify.certificate']}>{certificate.certificateName}</Fact>
        <Fact term={m['certificate.verify.company']}>{certificate.companyName}</Fact>
        <Fact term={m['certificate.verify.status']}>{m[`certificate.status.${certificate.status}`]}</Fact>
        <Fact term={m['certificate.issuedAt']}>{formatDay(certificate.issuedAt)}</Fact>
        <Fact term={m['certificate.expiresAt']}>
          {certificate.expiresAt ? formatDay(certificate.expiresAt) : m['certificate.longTerm']}
        </Fact>
      </dl>
    </div>
  );
}

function Result({ answer, messages: m, onRetry }: { answer: Answer; messages: VerifyPageMessages; onRetry: () => void }) {
  switch (answer.kind) {
    case 'idle':
      return null;
    case 'checking':
      return (
        <p className="text-muted-foreground flex items-center gap-2 py-6 text-sm">
          <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
          {m['certificate.verify.checking']}
        </p>
      );
    case 'error':
      return (
        <div role="alert" className="flex flex-col items-start gap-3 py-4 text-sm">
          <p className="text-destructive">{m['learning.loadFailed']}</p>
          <button
            type="button"
            onClick={onRetry}
            className="focus-visible:ring-ring/50 hover:bg-accent rounded-md border px-4 py-1.5 font-medium outline-none focus-visible:ring-[3px]"
          >
            {m['learning.retry']}
          </button>
        </div>
      );
    case 'refused':
      return (
        <p role="alert" className="text-destructive py-4 text-sm">
          {answer.message}
        </p>
      );
    case 'found':
      return <Found certificate={answer.certificate} messages={m} />;
    case 'notFound':
      return (
        <div className="flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-5">
          <CircleXIcon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-red-700" />
          <div className="grid gap-1">
            <h2 className="text-lg font-semibold text-red-900">{m['certificate.verify.notFound']}</h2>
            <p className="text-sm">{m['certificate.verify.notFoundText']}</p>
          </div>
        </div>
      );
  }
}

export function VerifyPage({ messages: m }: VerifyPageProps) {
  const ids = useId();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [answer, setAnswer] = useState<Answer>({ kind: 'idle' });
  const checked = useRef('');
  const controller = useRef<AbortController>(undefined);

  const check = (value: string) => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    checked.current = value;
    setAnswer({ kind: 'checking' });
    verifyCertificate(value, { isShowErrTip: false, signal: own.signal })
      .then((outcome) => !own.signal.aborted && setAnswer(outcome))
      .catch(() => !own.signal.aborted && setAnswer({ kind: 'error' }));
  };

  useEffect(() => {
    const read = () => {
      const fromQuery = codeFromQuery(location.search);
      setCode(fromQuery);
      setInvalid(false);
      if (fromQuery) check(fromQuery);
      else setAnswer({ kind: 'idle' });
    };
    read();
    addEventListener('popstate', read);
    return () => {
      removeEventListener('popstate', read);
      controller.current?.abort();
    };
  }, []);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const url = verifyHref(value, location.pathname);
    if (`${location.pathname}${location.search}` !== url) history.pushState(null, '', url);
    check(value);
  };

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{m['route.certificateVerify']}</h1>
        <p className="text-muted-foreground text-sm">{m['certificate.verify.intro']}</p>
      </div>
      {/* Before the island hydrates the form still works: it reloads the page with `?code=`. */}
      <form method="get" onSubmit={onSubmit} noValidate className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-start sm:gap-3">
        <div className="grid gap-1.5">
          <label htmlFor={`${ids}-code`} className="text-sm font-medium">
            {m['certificate.verify.code']}
          </label>
          <input
            id={`${ids}-code`}
            name="code"
            value={code}
            maxLength={CODE_INPUT_MAX}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={m['certificate.verify.placeholder']}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${ids}-error` : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              if (invalid && event.target.value.trim()) setInvalid(false);
            }}
            className={`${fieldFrame} bg-background aria-invalid:border-destructive h-10 w-full font-mono text-base tracking-wider`}
          />
          {invalid && (
            <p id={`${ids}-error`} className="text-destructive text-sm">
              {m['certificate.verify.empty']}
            </p>
          )}
        </div>
        <button type="submit" className={`${primaryButton} h-10 sm:mt-[1.625rem]`} disabled={answer.kind === 'checking'}>
          {m['certificate.verify.submit']}
        </button>
      </form>
      <section aria-label={m['certificate.verify.result']} aria-live="polite" aria-busy={answer.kind === 'checking'}>
        <Result answer={answer} messages={m} onRetry={() => check(checked.current)} />
      </section>
    </div>
  );
}
