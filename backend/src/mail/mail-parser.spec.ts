import type { AppConfig } from '../platform/config';
import { parseInbound } from './inbound-message';
import { MailParser } from './mail-parser';

const DOMAIN = 'veritas.com.br';

function rawMessage(i: number, opts: { attachment?: Buffer; from?: string } = {}): Buffer {
  const head = [`From: ${opts.from ?? 'Contador <contador@exemplo.com.br>'}`, `To: master@${DOMAIN}`, `Subject: =?UTF-8?Q?Balan=C3=A7o_${i}?=`, `Message-ID: <m${i}@exemplo.com.br>`, 'Date: Tue, 03 Nov 2026 10:00:00 -0300', 'MIME-Version: 1.0'];
  if (!opts.attachment) return Buffer.from([...head, 'Content-Type: text/plain; charset=utf-8', '', `Mensagem número ${i}.`, ''].join('\r\n'));
  return Buffer.from(
    [
      ...head,
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/html; charset=utf-8',
      '',
      `<p onclick="x()">Segue o balanço ${i}.</p><script>alert(1)</script>`,
      '--b',
      'Content-Type: application/pdf; name="balanco.pdf"',
      'Content-Disposition: attachment; filename="balanco.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      opts.attachment.toString('base64').replace(/.{76}/g, '$&\r\n'),
      '--b--',
      '',
    ].join('\r\n'),
  );
}

// Each test starts one or two workers, each loading the parser and transpiling its modules from the
// sources: a few seconds apiece on a loaded machine.
jest.setTimeout(30_000);

describe('MailParser (received messages parsed in a worker thread)', () => {
  let parser: MailParser;
  beforeEach(() => {
    parser = new MailParser({ mailDomain: DOMAIN } as AppConfig);
  });
  afterEach(() => parser.onApplicationShutdown());

  it('gives what parseInbound gives in this thread: fields, a Date, sanitised HTML, attachments as Buffers', async () => {
    const pdf = Buffer.alloc(20_000, 7);
    const raw = rawMessage(1, { attachment: pdf });
    const here = await parseInbound(raw, 'env@exemplo.com.br', DOMAIN);
    const there = await parser.parse(raw, 'env@exemplo.com.br');
    expect(there.message.date).toBeInstanceOf(Date);
    expect(there.message.date.toISOString()).toBe('2026-11-03T13:00:00.000Z');
    expect(there.message.html).toBe(here.message.html);
    expect(there.message.html).not.toMatch(/script|onclick/);
    expect(there.message.subject).toBe('Balanço 1');
    expect(there.message.deliveryHash).toBe(here.message.deliveryHash);
    const att = there.message.attachments[0].source as { buffer: Buffer };
    expect(Buffer.isBuffer(att.buffer)).toBe(true);
    expect(att.buffer.equals(pdf)).toBe(true);
    expect({ ...there.message, date: null, attachments: null }).toEqual({ ...here.message, date: null, attachments: null });
    // Not handed over: the caller's bytes are untouched.
    expect(raw.length).toBeGreaterThan(20_000);
  });

  it('answers many parses in flight, each with its own message, and says which claim a local sender', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => parser.parse(rawMessage(i, i === 7 ? { from: `chefe@${DOMAIN}` } : {}), 'env@exemplo.com.br')));
    expect(results.map((r) => r.message.subject)).toEqual(Array.from({ length: 30 }, (_, i) => `Balanço ${i}`));
    expect(results.map((r) => r.forgedLocal).filter(Boolean)).toEqual([`chefe@${DOMAIN}`]);
  });

  it('handOver moves a message that owns its memory to the worker, and never a slice of the shared pool', async () => {
    const big = Buffer.concat([rawMessage(2, { attachment: Buffer.alloc(50_000, 1) })]);
    expect(big.byteLength).toBe(big.buffer.byteLength);
    const parsed = await parser.parse(big, 'env@exemplo.com.br', true);
    expect(parsed.message.subject).toBe('Balanço 2');
    expect(big.length).toBe(0);
    const small = Buffer.from(rawMessage(3).toString('latin1'), 'latin1');
    expect(small.byteLength).toBeLessThan(small.buffer.byteLength);
    const neighbour = Buffer.from('vizinho no mesmo bloco');
    expect((await parser.parse(small, 'env@exemplo.com.br', true)).message.subject).toBe('Balanço 3');
    expect(small.length).toBeGreaterThan(0);
    expect(neighbour.toString()).toBe('vizinho no mesmo bloco');
  });

  it('a worker that dies fails the parses it held with a clear error, and the next parse starts another', async () => {
    await parser.parse(rawMessage(4), 'env@exemplo.com.br');
    const held = Promise.allSettled([parser.parse(rawMessage(5), 'x@y'), parser.parse(rawMessage(6), 'x@y')]);
    await (parser as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    const settled = await held;
    for (const s of settled) {
      // Either parsed before the end, or failed saying why; never left hanging.
      if (s.status === 'rejected') expect((s.reason as Error).message).toMatch(/leitor de mensagens parou/);
    }
    expect((await parser.parse(rawMessage(8), 'env@exemplo.com.br')).message.subject).toBe('Balanço 8');
  });

  it('a parse past its time ends the worker and fails with the reason; the next parse gets a new worker', async () => {
    await parser.parse(rawMessage(10), 'env@exemplo.com.br');
    const first = (parser as unknown as { worker: unknown }).worker;
    (parser as unknown as { timeoutMs: number }).timeoutMs = 0;
    await expect(parser.parse(rawMessage(11, { attachment: Buffer.alloc(2_000_000, 3) }), 'env@exemplo.com.br')).rejects.toThrow('a leitura da mensagem passou de 0 s');
    (parser as unknown as { timeoutMs: number }).timeoutMs = 60_000;
    expect((await parser.parse(rawMessage(12), 'env@exemplo.com.br')).message.subject).toBe('Balanço 12');
    expect((parser as unknown as { worker: unknown }).worker).not.toBe(first);
  });

  it('after the shutdown a parse is refused, and no worker is started', async () => {
    await parser.onApplicationShutdown();
    await expect(parser.parse(rawMessage(13), 'env@exemplo.com.br')).rejects.toThrow('o servidor está parando');
    expect((parser as unknown as { worker: unknown }).worker).toBeNull();
  });
});
