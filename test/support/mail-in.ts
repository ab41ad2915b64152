import { createTransport } from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import type { TestApi } from './api';

/** Delivers a message to the app's own SMTP listener on `port`, as an outside server would. */
export function deliverToListener(port: number, mail: SendMailOptions) {
  return createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 5000 }).sendMail(mail);
}

/** The id of the stored copy of `subject` in `who`'s inbox (fails the test when there is none). */
export async function inboxCopy(api: TestApi, who: string, subject: string): Promise<string> {
  const list = await api.get('/api/emails/inbox', who);
  const row = list.body.data.find((m: { subject: string }) => m.subject === subject);
  if (!row) throw new Error(`"${subject}" não chegou à caixa de ${who}`);
  return row._id;
}
