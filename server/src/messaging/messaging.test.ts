import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema';
import { tempOutbox, type TempOutbox } from '../modules/auth/test-support';
import { createTestApp, type TestGateway } from '../testing';
import { closeMailTransports, sendMail } from './mailer';
import { fileStamp, latestInOutbox, safeName } from './outbox';
import { sendSms, setSmsProvider } from './sms';

let gw: TestGateway;
let outbox: TempOutbox;
beforeAll(async () => {
  outbox = await tempOutbox();
  gw = await createTestApp();
});
afterAll(async () => {
  closeMailTransports();
  await gw?.close();
  await outbox?.close();
});

const SUBJECT = '星辰学堂：重置密码';

describe('outbox', () => {
  it('names files by time, kind and recipient', () => {
    expect(fileStamp(new Date('2026-03-01T08:05:09.042Z'))).toBe('20260301T080509042Z');
    expect(safeName('li.na+x@example.com')).toBe('li.na+x@example.com');
    expect(safeName('../../etc/passwd')).toBe('__.._etc_passwd');
    expect(safeName('a b/c\\d')).toBe('a_b_c_d');
  });

  it('writes each text message as a file, with a row and without the text in the database', async () => {
    await sendSms('13800000001', '您的验证码是 654321', { db: gw.database.db });
    await sendSms('13800000001', '您的验证码是 123987', { db: gw.database.db });
    const files = (await outbox.files()).filter((f) => f.includes('-sms-13800000001'));
    expect(files).toHaveLength(2);
    for (const f of files) expect(f).toMatch(/^\d{8}T\d{9}Z-sms-13800000001(-\d+)?\.txt$/);
    expect((await latestInOutbox('sms', '13800000001'))?.content).toBe('您的验证码是 123987\n');
    const rows = await gw.database.db.select().from(outboxMessages);
    expect(rows.filter((r) => r.recipient === '13800000001').map((r) => [r.kind, r.fileName]).sort()).toEqual(
      files.map((f) => ['sms', f]).sort(),
    );
    expect(JSON.stringify(rows)).not.toMatch(/654321|123987/);
  });

  it('hands text messages to an installed provider instead', async () => {
    const sent: [string, string][] = [];
    setSmsProvider({ send: async (phone, text) => void sent.push([phone, text]) });
    try {
      await sendSms('13800000002', 'hello');
    } finally {
      setSmsProvider(undefined);
    }
    expect(sent).toEqual([['13800000002', 'hello']]);
    expect(await latestInOutbox('sms', '13800000002')).toBeUndefined();
  });

  it('writes mail as an .eml file when no SMTP server is set', async () => {
    const before = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    try {
      const result = await sendMail(
        { to: 'li.na@example.com', subject: SUBJECT, text: '请在 30 分钟内打开链接。', html: '<p>请在 30 分钟内打开链接。</p>' },
        { db: gw.database.db },
      );
      expect(result.via).toBe('outbox');
      expect(result.file).toMatch(/\d{8}T\d{9}Z-mail-li\.na@example\.com\.eml$/);
      const mail = await simpleParser(await readFile(result.file!));
      expect(mail.subject).toBe(SUBJECT);
      expect(mail.text?.trim()).toBe('请在 30 分钟内打开链接。');
      expect(mail.html).toContain('<p>请在 30 分钟内打开链接。</p>');
      expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('li.na@example.com');
      const [row] = (await gw.database.db.select().from(outboxMessages)).filter((r) => r.kind === 'mail');
      expect(row).toMatchObject({ recipient: 'li.na@example.com', subject: SUBJECT, fileName: result.file!.split('/').at(-1) });
      expect((await latestInOutbox('mail', 'li.na@example.com'))?.path).toBe(join(outbox.dir, row!.fileName));
    } finally {
      if (before !== undefined) process.env.SMTP_URL = before;
    }
  });
});

describe('SMTP', () => {
  let sink: SMTPServer;
  let port = 0;
  const received: { mail: ParsedMail; from: string; to: string[]; user?: string }[] = [];

  beforeAll(async () => {
    sink = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({
              mail,
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              user: session.user as string | undefined,
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => resolve()));
    port = (sink.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  });

  it('sends through SMTP_URL with the credentials in it; the Chinese subject survives', async () => {
    const env = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM };
    process.env.SMTP_URL = `smtp://mailer:s3cret@127.0.0.1:${port}`;
    process.env.MAIL_FROM = '星辰学堂 <no-reply@xingchen.example.com>';
    const filesBefore = await outbox.files();
    try {
      const result = await sendMail({ to: 'zhang.wei@xingchen.example.com', subject: SUBJECT, text: '链接：https://localhost/reset' });
      expect(result.via).toBe('smtp');
      expect(received).toHaveLength(1);
      const [got] = received;
      expect(got!.user).toBe('mailer');
      expect(got!.from).toBe('no-reply@xingchen.example.com');
      expect(got!.to).toEqual(['zhang.wei@xingchen.example.com']);
      expect(got!.mail.subject).toBe(SUBJECT);
      expect(got!.mail.from?.value[0]).toMatchObject({ name: '星辰学堂', address: 'no-reply@xingchen.example.com' });
      expect(got!.mail.text?.trim()).toBe('链接：https://localhost/reset');
      expect(got!.mail.messageId).toBe(result.messageId);
      expect(await outbox.files()).toEqual(filesBefore);
    } finally {
      for (const [name, value] of Object.entries(env)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      closeMailTransports();
    }
  });

  it('rejects when the server refuses the credentials', async () => {
    const before = process.env.SMTP_URL;
    process.env.SMTP_URL = `smtp://mailer:wrong@127.0.0.1:${port}`;
    try {
      await expect(sendMail({ to: 'x@example.com', subject: 'x', text: 'x' })).rejects.toThrow();
    } finally {
      if (before === undefined) delete process.env.SMTP_URL;
      else process.env.SMTP_URL = before;
      closeMailTransports();
    }
  });
});
