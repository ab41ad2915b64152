/*
 * Real-world input (issue 9): DOMPurify's 223 hostile HTML fragments, each wrapped as an HTML mail,
 * and five real-world MIME messages, delivered over SMTP to a staff mailbox. Each is stored (250)
 * or refused with an SMTP reply code, opens through the API, and the server stays healthy.
 * The browser tier (test/ui/corpora.ui-spec.ts) opens them all in Chromium.
 */
import { createTransport } from 'nodemailer';
import { SmtpListener } from '../../backend/src/mail/smtp-listener.service';
import { TestApi } from '../support/api';
import { type Delivery, deliverCorpora, loadCorpora } from '../support/corpora';
import { databaseKinds } from '../support/db';
import { freePort } from '../support/server';

const MASTER = 'master@veritas.com.br';

describe.each(databaseKinds())('the public corpora delivered over SMTP to a mailbox, on %s', (kind) => {
  let api: TestApi;
  let deliveries: Delivery[];
  /** Delivery name → ids of the inbox rows it produced. */
  const stored = new Map<string, string[]>();

  const inboxIds = async (): Promise<Map<string, string>> => {
    const all = new Map<string, string>();
    for (let start = 0; ; start += 200) {
      const r = await api.get(`/api/emails/inbox?range=[${start},${start + 199}]`, 'master');
      expect(r.status).toBe(200);
      for (const m of r.body.data as { _id: string; subject: string }[]) all.set(m._id, m.subject);
      if (r.body.data.length < 200) return all;
    }
  };

  beforeAll(async () => {
    loadCorpora(); // fails clearly when ../shared/corpora is missing
    api = await TestApi.start(kind, { SMTP_PORT: String(await freePort()) });
    await api.loginStaff('master', MASTER, 'Master!2026pw');
    const port = api.app.get(SmtpListener).address!.port;
    const payloadCount = loadCorpora().payloads.length;
    let before = new Map<string, string>();
    deliveries = await deliverCorpora(port, MASTER, 'http://127.0.0.1:9/beacon', async (d, index) => {
      // The real-world messages carry no marker of ours: what each added to the inbox is what it produced.
      if (index === payloadCount - 1) before = await inboxIds();
      if (!d.name.endsWith('.eml')) return;
      const after = await inboxIds();
      stored.set(d.name, [...after.keys()].filter((id) => !before.has(id)));
      before = after;
    });
    for (const [id, subject] of await inboxIds()) {
      if (/^DOMPurify \d{3}$/.test(subject)) stored.set(subject, [...(stored.get(subject) ?? []), id]);
    }
  });
  afterAll(() => api?.stop());

  it('every payload and every message is either stored once (250) or refused with a permanent SMTP reply code', () => {
    const { payloads } = loadCorpora();
    expect(deliveries).toHaveLength(payloads.length + 5);
    const wrong = deliveries.filter((d) => !(d.code === 250 ? stored.get(d.name)?.length === 1 : d.code >= 500 && d.code < 600 && !stored.has(d.name)));
    expect(wrong.map((d) => ({ ...d, rows: stored.get(d.name) }))).toEqual([]);
    const refused = deliveries.filter((d) => d.code !== 250);
    // eslint-disable-next-line no-console
    console.log(`corpora (${kind}): ${deliveries.length - refused.length} guardadas, ${refused.length} recusadas${refused.map((d) => `\n  ${d.name}: ${d.response}`).join('')}`);
  });

  it('every stored message opens, with no script element and no event handler in what the reader gets', async () => {
    for (const [name, ids] of stored) {
      for (const id of ids) {
        const r = await api.get(`/api/emails/message/${id}`, 'master');
        expect([name, r.status]).toEqual([name, 200]);
        expect([name, /<\s*script/i.test(r.body.data.body)]).toEqual([name, false]);
        // An on*= attribute of a tag (outside quoted values, which the sanitiser escapes anyway).
        expect([name, /<[a-z][a-z0-9-]*(\s+[a-z-]+(="[^"]*")?)*\s+on[a-z]+\s*=/i.test(r.body.data.body)]).toEqual([name, false]);
        if (name.startsWith('DOMPurify')) expect([name, r.body.data.body.includes(`Marcador ${name}`)]).toEqual([name, true]);
      }
    }
  });

  it.each(['calendar-event.eml', 'mimetorture.eml', 'bounce.eml'])('%s keeps its readable parts', async (file) => {
    const [id] = stored.get(file) ?? [];
    expect(id).toBeDefined();
    const d = (await api.get(`/api/emails/message/${id}`, 'master')).body.data;
    expect(`${d.subject}\n${d.text}\n${d.body}`.length).toBeGreaterThan(20);
    if (file === 'calendar-event.eml') expect(d.subject).toContain('Invitation: Test event ⏰');
    if (file === 'bounce.eml') expect(d.subject).toBe('Undelivered Mail Returned to Sender');
  });

  it('the server is healthy afterwards: health, sign-in, the mailbox, and SMTP still answer', async () => {
    expect((await api.get('/api/health')).status).toBe(200);
    await api.loginStaff('again', MASTER, 'Master!2026pw');
    expect((await api.get('/api/emails/inbox?range=[0,9]', 'again')).status).toBe(200);
    const port = api.app.get(SmtpListener).address!.port;
    const info = await createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }).sendMail({ from: 'a@exemplo.com', to: MASTER, subject: 'Depois do corpus', text: 'ok' });
    expect(info.response).toMatch(/^250 /);
  });
});
