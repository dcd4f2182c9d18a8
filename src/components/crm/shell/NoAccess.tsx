/** What a back-office page shows to a member without its role (the gateway refuses its calls too). */
import { primaryButtonSm } from '@/components/ui/button-class';
import type { Messages } from '@/i18n/index';
import { localizePath, type Locale } from '@/i18n/locale-path';

export const noAccessMessageKeys = ['crm.noAccess.title', 'crm.noAccess.body', 'crm.noAccess.link', 'crm.checking'] as const;
export type NoAccessMessages = Messages<(typeof noAccessMessageKeys)[number]>;

export function NoAccess({ locale, messages }: { locale: Locale; messages: NoAccessMessages }) {
  return (
    <div role="alert" className="mx-auto max-w-md rounded-lg border p-6 text-center">
      <h2 className="mb-2 text-lg font-semibold">{messages['crm.noAccess.title']}</h2>
      <p className="text-muted-foreground mb-4 text-sm">{messages['crm.noAccess.body']}</p>
      <a href={localizePath('/crm/uploads', locale)} className={primaryButtonSm}>
        {messages['crm.noAccess.link']}
      </a>
    </div>
  );
}

/** The line a page shows while the member's access is being checked. */
export function CheckingAccess({ messages }: { messages: Pick<NoAccessMessages, 'crm.checking'> }) {
  return (
    <p role="status" className="text-muted-foreground py-12 text-center text-sm">
      {messages['crm.checking']}
    </p>
  );
}
