/** 'Please login first!' with a link to the sign-in page that brings the visitor back here. */
import { loginPath } from '@/lib/login-path';

export function LoginFirst({ text, link }: { text: string; link: string }) {
  return (
    <div role="alert" className="bg-muted flex min-h-64 flex-col items-center justify-center gap-4 rounded-lg p-8 text-center">
      <p className="font-medium">{text}</p>
      <a
        className="bg-primary text-primary-foreground focus-visible:ring-ring/50 hover:bg-primary/90 inline-flex h-9 items-center rounded-md px-4 text-sm font-medium outline-none focus-visible:ring-[3px]"
        href={loginPath(location.pathname, location.pathname + location.search)}
      >
        {link}
      </a>
    </div>
  );
}
