import * as fs from 'node:fs';
import * as path from 'node:path';
import { createTransport } from 'nodemailer';
import { SmtpListener } from '../../backend/src/mail/smtp-listener.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { freePort } from '../support/server';

const CORPUS = path.join(__dirname, '..', 'fixtures', 'hostile-emails');
const FILES = fs.readdirSync(CORPUS).filter((f) => f.endsWith('.eml')).sort();

/** Anything in stored HTML that could run, navigate, submit or load something from outside. */
const FORBIDDEN: [string, RegExp][] = [
  ['a script element', /<\s*script/i],
  ['an event handler attribute', /<[^>]*\s(on[a-z]+)\s*=/i],
  ['a javascript: URL', /javascript\s*:/i],
  ['a vbscript: URL', /vbscript\s*:/i],
  ['a data:text/html URL', /data\s*:\s*text\/html/i],
  ['an SVG or MathML element', /<\s*(svg|math)\b/i],
  ['a form or its controls', /<\s*(form|input|button|textarea|select|isindex)\b/i],
  ['a frame', /<\s*(iframe|frame|frameset)\b/i],
  ['a plugin', /<\s*(object|embed|applet)\b/i],
  ['a style block or a stylesheet link', /<\s*(style|link)\b/i],
  ['meta refresh or base', /<\s*(meta|base)\b/i],
  ['a CSS expression', /expression\s*\(/i],
  ['a CSS url()', /url\s*\(/i],
  ['a CSS binding or behavior', /(-moz-binding|behavior\s*:)/i],
  ['a CSS escape', /style="[^"]*\\/i],
  ['fixed positioning (an overlay over the screen)', /position\s*:/i],
  ['a remote image source (loaded before the reader asks)', /\s(src|srcset|background)\s*=\s*"?\s*(https?:)?\/\//i],
  ['a protocol-relative link', /href="\/\//i],
];

// The corpus the mailbox screen also opens in a real browser; here, what the API hands it.
describe.each(databaseKinds())('hostile e-mails are stored sanitised, on %s', (kind) => {
  let api: TestApi;
  const stored = new Map<string, any>();

  beforeAll(async () => {
    api = await TestApi.start(kind, { SMTP_PORT: String(await freePort()) });
    await api.loginStaff('master', 'master@veritas.com.br', 'Master!2026pw');
    const port = api.app.get(SmtpListener).address!.port;
    const smtp = createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    for (const file of FILES) {
      const raw = fs.readFileSync(path.join(CORPUS, file));
      await smtp.sendMail({ envelope: { from: 'atacante@exemplo.com', to: ['master@veritas.com.br'] }, raw });
    }
    const list = await api.get('/api/emails/inbox?range=[0,99]', 'master');
    for (const row of list.body.data) {
      const detail = await api.get(`/api/emails/message/${row._id}`, 'master');
      const n = /Texto legítimo (\d\d)/.exec(detail.body.data.text + detail.body.data.body)?.[1];
      if (n) stored.set(n, detail.body.data);
    }
  });
  afterAll(() => api.stop());

  it('every message of the corpus arrived', () => {
    expect([...stored.keys()].sort()).toEqual(FILES.map((f) => f.slice(0, 2)));
  });

  const cells = FILES.flatMap((file) => FORBIDDEN.map(([what, re]) => [file, what, re] as const));
  it.each(cells)('%s: no %s', (file, _what, re) => {
    const email = stored.get(file.slice(0, 2));
    expect(email.body).not.toMatch(re);
  });

  it.each(FILES)('%s: the legitimate text survives', (file) => {
    const email = stored.get(file.slice(0, 2));
    expect(email.body).toContain(`Texto legítimo ${file.slice(0, 2)}`);
  });

  it('harmless formatting and safe links are kept; links open in a new tab without an opener', () => {
    const css = stored.get('05').body;
    expect(css).toContain('font-weight:bold');
    expect(css).toContain('color:#336699');
    const links = stored.get('03').body;
    expect(links).toContain('<a href="https://exemplo.com/ok" target="_blank" rel="noopener noreferrer nofollow">link seguro</a>');
  });

  it('remote images wait for the reader: their address is kept aside in data-remote-src', () => {
    const email = stored.get('07');
    expect(email.hasRemoteImages).toBe(true);
    expect(email.body).toContain('data-remote-src="https://tracker.example/pixel.gif?u=master"');
    // An embedded raster image is no request and stays.
    expect(email.body).toMatch(/<img [^>]*src="data:image\/png;base64,/);
  });

  it('an SVG disguised as a data: image is dropped, not shown', () => {
    expect(stored.get('04').body).not.toContain('data:image/svg');
  });

  it('a text-only message shows as text: its markup escaped and inert', () => {
    const email = stored.get('10');
    expect(email.isHtml).toBe(false);
    expect(email.text).toContain("<script>window.__pwned='text'</script>");
    expect(email.body).toContain('&lt;script&gt;');
  });
});
