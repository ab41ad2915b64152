import { BadRequestException } from '@nestjs/common';
import { parseAddresses } from './mail-delivery.service';
import { DEDUPE_WINDOW_MS, deliveryHash, isLocalAddress } from './inbound-message';
import { safeFilename } from './attachment-name';
import { relayReason } from './mail-relay';

describe('parseAddresses', () => {
  it.each<[string | string[] | undefined, { name: string; address: string }[]]>([
    [undefined, []],
    ['', []],
    ['a@b.com', [{ name: '', address: 'a@b.com' }]],
    ['A@B.COM, c@d.com.br', [{ name: '', address: 'a@b.com' }, { name: '', address: 'c@d.com.br' }]],
    ['Fulano de Tal <f@x.com>; "Silva, Ana" <ana@y.com>', [{ name: 'Fulano de Tal', address: 'f@x.com' }, { name: 'Silva, Ana', address: 'ana@y.com' }]],
    [['a@b.com', 'c@d.com; e@f.com'], [{ name: '', address: 'a@b.com' }, { name: '', address: 'c@d.com' }, { name: '', address: 'e@f.com' }]],
    ['Equipe: a@b.com, c@d.com;', [{ name: '', address: 'a@b.com' }, { name: '', address: 'c@d.com' }]],
  ])('%p', (input, out) => {
    expect(parseAddresses(input, 'Para')).toEqual(out);
  });

  it.each(['fulano', 'a@b', 'a@@b.com', 'ok@x.com, sem arroba'])('refuses %p naming the field', (input) => {
    expect(() => parseAddresses(input, 'Cc')).toThrow(BadRequestException);
    expect(() => parseAddresses(input, 'Cc')).toThrow(/^Endereço de email inválido em Cc: /);
  });
});

describe('safeFilename', () => {
  it.each<[string | undefined, string, string]>([
    ['relatório.pdf', 'application/pdf', 'relatório.pdf'],
    ['../../etc/passwd', 'text/plain', 'etcpasswd'],
    ['C:\\Users\\x\\a.doc', 'application/msword', 'C:Usersxa.doc'],
    ['.htaccess', 'text/plain', 'htaccess'],
    ['a\u0000b\r\n.txt', 'text/plain', 'ab.txt'],
    ['fatura\u202Efdp.exe\u2067\u200E\u0085.pdf', 'application/pdf', 'faturafdp.exe.pdf'],
    [undefined, 'image/png', 'anexo.png'],
    ['', 'application/octet-stream', 'anexo'],
    ['  ', 'text/plain', 'anexo.txt'],
    ['x'.repeat(300) + '.pdf', 'application/pdf', 'x'.repeat(196) + '.pdf'],
  ])('%p → %p', (name, type, out) => {
    expect(safeFilename(name, type)).toBe(out);
  });
});

describe('relayReason', () => {
  it.each<[object, string]>([
    [{ code: 'ECONNECTION', message: 'connect ECONNREFUSED 127.0.0.1:1' }, 'não foi possível conectar ao servidor de envio (connect ECONNREFUSED 127.0.0.1:1).'],
    [{ code: 'EAUTH', response: '535 5.7.8 bad credentials' }, 'o servidor de envio recusou a autenticação (535 5.7.8 bad credentials).'],
    [{ code: 'EENVELOPE', response: '550 no such user' }, 'o servidor de envio recusou os destinatários (550 no such user).'],
    [{}, 'o servidor de envio recusou a mensagem.'],
  ])('%p', (err, out) => {
    expect(relayReason(err)).toBe(out);
  });
});

describe('local domain and delivery identity (issue 55)', () => {
  it('recognises the local domain with a trailing dot, in any case and in its IDN forms', () => {
    expect(['master@veritas.test', 'master@veritas.test.', 'MASTER@VERITAS.TEST.', 'm@Veritas.Test..'].map((a) => isLocalAddress(a, 'veritas.test'))).toEqual([true, true, true, true]);
    expect(['m@açaí.test', 'm@xn--aa-4iaz.test', 'm@XN--AA-4IAZ.TEST.'].map((a) => isLocalAddress(a, 'açaí.test'))).toEqual([true, true, true]);
    expect(isLocalAddress('m@açaí.test', 'xn--aa-4iaz.test')).toBe(true);
    expect(['m@veritas.test.evil.com', 'm@xveritas.test', 'veritas.test'].map((a) => isLocalAddress(a, 'veritas.test'))).toEqual([false, false, false]);
  });

  it('one Message-ID is one delivery only for the same sender within the window', () => {
    const raw = Buffer.from('x');
    const t = Date.UTC(2026, 11, 7, 12);
    const same = deliveryHash('<id@x>', raw, 'a@x.com', t);
    expect(deliveryHash('<id@x>', raw, 'A@X.com', t + 3_600_000)).toBe(same);
    expect(deliveryHash('<id@x>', raw, 'b@x.com', t)).not.toBe(same);
    expect(deliveryHash('<id@x>', raw, 'a@x.com', t + DEDUPE_WINDOW_MS)).not.toBe(same);
    expect(DEDUPE_WINDOW_MS).toBe(24 * 3_600_000);
  });
});
