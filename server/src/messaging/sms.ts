/**
 * Text messages. Everything that sends one calls `sendSms`; where it goes is the provider's
 * business. The default provider writes to the local outbox (`./outbox.ts`); a deployment with
 * an SMS gateway installs its own with `setSmsProvider` at start-up.
 */
import type { Db } from '../db/client';
import { writeToOutbox } from './outbox';

export interface SmsProvider {
  /** Delivers `text` to a mainland mobile number (11 digits); rejects when it cannot. */
  send(phone: string, text: string): Promise<void>;
}

/** The provider that writes each message to the outbox (and its row, given a database). */
export function outboxSmsProvider(db?: Db): SmsProvider {
  return {
    async send(phone, text) {
      await writeToOutbox({ kind: 'sms', recipient: phone, content: `${text}\n` }, { db });
    },
  };
}

let installed: SmsProvider | undefined;

/** Replaces the provider for the whole process; `undefined` restores the outbox. */
export function setSmsProvider(provider: SmsProvider | undefined): void {
  installed = provider;
}

/** Sends a text message through the installed provider, or to the outbox. */
export function sendSms(phone: string, text: string, options: { db?: Db } = {}): Promise<void> {
  return (installed ?? outboxSmsProvider(options.db)).send(phone, text);
}
