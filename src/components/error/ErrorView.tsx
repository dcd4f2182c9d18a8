import { Component, useEffect, useState, type ReactNode } from 'react';
import type { Messages } from '@/i18n/index';

/** The messages the error view receives. */
export const errorMessageKeys = ['error.message', 'error.notFound', 'error.backHome', 'error.failed', 'error.goHome'] as const;
export type ErrorMessages = Messages<(typeof errorMessageKeys)[number]>;

interface ErrorViewProps {
  /** Default 500 (spec section 2). */
  status?: number;
  /** Default: the status's own text ('This page could not be found' for 404), else 'Error'. */
  message?: string;
  /** Read `?status=&message=` from the address once running (the 500 page). */
  fromQuery?: boolean;
  homeHref: string;
  messages: ErrorMessages;
}

/** The status from a query value, when it is an HTTP error status. */
function parseStatus(value: string | null): number | undefined {
  const status = Number(value);
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : undefined;
}

function ErrorContent({ status = 500, message, fromQuery, homeHref, messages }: ErrorViewProps) {
  const [shown, setShown] = useState({ status, message });

  useEffect(() => {
    if (!fromQuery) return;
    const query = new URLSearchParams(location.search);
    const text = query.get('message')?.trim().slice(0, 300);
    setShown((current) => ({
      status: parseStatus(query.get('status')) ?? current.status,
      message: text || current.message,
    }));
  }, [fromQuery]);

  const notFound = shown.status === 404;
  const text = shown.message || (notFound ? messages['error.notFound'] : messages['error.message']);
  return (
    <section aria-labelledby="error-title" className="flex flex-col items-center gap-4 py-16 text-center">
      <p className="text-muted-foreground text-6xl font-semibold tabular-nums">{shown.status}</p>
      <h1 id="error-title" className="text-2xl font-semibold">
        {text}
      </h1>
      {notFound && (
        <a href={homeHref} className="text-primary underline underline-offset-4">
          {messages['error.backHome']}
        </a>
      )}
    </section>
  );
}

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

class ErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The error page's content (spec section 2): the status (default 500) and its message
 * (default 'Error'); a 404 says 'This page could not be found' with a link home. If showing
 * it fails, a plain message with a link home takes its place.
 */
export function ErrorView(props: ErrorViewProps) {
  const { messages, homeHref } = props;
  return (
    <ErrorBoundary
      fallback={
        <section role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
          <h1 className="text-2xl font-semibold">{messages['error.failed']}</h1>
          <a href={homeHref} className="text-primary underline underline-offset-4">
            {messages['error.goHome']}
          </a>
        </section>
      }
    >
      <ErrorContent {...props} />
    </ErrorBoundary>
  );
}
