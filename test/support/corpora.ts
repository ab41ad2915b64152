/*
 * The public hostile corpora in ../shared/corpora (beside the checkout; see its README): DOMPurify's
 * 223 HTML fragments and five real-world MIME messages, delivered over SMTP to a staff mailbox.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createTransport } from 'nodemailer';
import { ROOT } from './server';

export const CORPORA_DIR = path.resolve(ROOT, '..', 'shared', 'corpora');
export const EML_FILES = ['arf.eml', 'bounce.eml', 'calendar-event.eml', 'mimetorture.eml', 'mixed.eml'];

/** The corpus, or a clear failure when it is not where CI puts it. */
export function loadCorpora(): { payloads: { title?: string; payload: string }[]; emls: { file: string; raw: Buffer }[] } {
  const json = path.join(CORPORA_DIR, 'dompurify-payloads.json');
  const missing = [json, ...EML_FILES.map((f) => path.join(CORPORA_DIR, f))].filter((f) => !fs.existsSync(f));
  if (missing.length) {
    throw new Error(`Corpora públicos ausentes (esperados em ${CORPORA_DIR}, ao lado do checkout, como no CI): ${missing.join(', ')}`);
  }
  const payloads = JSON.parse(fs.readFileSync(json, 'utf8'));
  if (!Array.isArray(payloads) || payloads.length < 200) throw new Error(`${json}: esperava 223 {title, payload}, li ${payloads?.length}`);
  return { payloads, emls: EML_FILES.map((file) => ({ file, raw: fs.readFileSync(path.join(CORPORA_DIR, file)) })) };
}

export const payloadSubject = (i: number) => `DOMPurify ${String(i).padStart(3, '0')}`;

/**
 * A payload wrapped as an HTML mail. Besides the payload's own alert()s, the wrapper tries to
 * leave a trace wherever script could run (an attribute on the document, a beacon to `beaconUrl`);
 * the marker before the payload shows the message was rendered.
 */
export function payloadHtml(i: number, payload: string, beaconUrl: string): string {
  const mark = `data-pwned`;
  return (
    `<!doctype html><html><head><title>${payloadSubject(i)}</title></head><body>` +
    `<p>Marcador ${payloadSubject(i)}</p>` +
    `<script>document.documentElement.setAttribute('${mark}','script');new Image().src='${beaconUrl}/script/${i}'</script>` +
    `<img src="x-nao-existe" onerror="document.documentElement.setAttribute('${mark}','onerror');new Image().src='${beaconUrl}/onerror/${i}'">` +
    payload +
    `</body></html>`
  );
}

export interface Delivery {
  name: string;
  /** 250 after DATA, or the refusal's reply code. */
  code: number;
  response: string;
}

/**
 * Delivers every payload (as an HTML mail) and every .eml (as it is) to `to` on the app's SMTP
 * listener, one connection, one message after the other; `afterEach` runs after each delivery.
 */
export async function deliverCorpora(
  smtpPort: number,
  to: string,
  beaconUrl: string,
  afterEach: (d: Delivery, index: number) => Promise<void> = async () => undefined,
): Promise<Delivery[]> {
  const { payloads, emls } = loadCorpora();
  const smtp = createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 1 });
  const out: Delivery[] = [];
  const send = async (name: string, mail: Parameters<typeof smtp.sendMail>[0]) => {
    let d: Delivery;
    try {
      const info = await smtp.sendMail(mail);
      d = { name, code: Number(info.response.slice(0, 3)), response: info.response };
    } catch (err) {
      const e = err as { responseCode?: number; response?: string; message: string };
      d = { name, code: e.responseCode ?? 0, response: e.response ?? e.message };
    }
    out.push(d);
    await afterEach(d, out.length - 1);
  };
  try {
    for (const [i, p] of payloads.entries()) {
      await send(payloadSubject(i), {
        from: 'Corpus <corpus@exemplo.com>',
        to,
        subject: payloadSubject(i),
        html: payloadHtml(i, p.payload, beaconUrl),
      });
    }
    for (const { file, raw } of emls) await send(file, { envelope: { from: 'corpus@exemplo.com', to: [to] }, raw });
  } finally {
    smtp.close();
  }
  return out;
}
