/*
 * A client's Linha do tempo (issue 56, ADR 0054): on the client's record, the fifth tab lists what happened,
 * newest first; the kind filter narrows it, and a line opens its record. And "Responder ao cliente" from a
 * registro: the mailbox opens a message to the client naming the protocol, and the sent mail is filed
 * under the registro (its Correspondência shows it); the relay is the one set in E-mail de saída.
 */
import { cnpjCheckDigits } from '@veritas/common';
import { withPage } from '../support/browser';
import { SmtpSink } from '../support/smtp-sink';
import { call, openPanel, panelSuite } from './painel-helpers';

const t = panelSuite();
let sink: SmtpSink;
afterAll(async () => {
  await sink?.stop();
});

let cliente: { _id: string };
let registro: { _id: string; numero: string; tipo: string };
let cobranca: { _id: string };

beforeAll(async () => {
  const ok = (r: { status: number; body: any }, status = 201) => {
    if (r.status !== status) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const base = `${String(Date.now() % 1e5).padStart(5, '0')}5640001`;
  const d = base + cnpjCheckDigits(base);
  const cnpj = `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  const master = t.staff.master.token;
  cliente = ok(await call(t.app, 'POST', '/api/clientes', master, { razaoSocial: 'Marcenaria Linha do Tempo Ltda', cnpj, email: `linha.${Date.now()}@exemplo.com.br`, password: 'Cliente!2026' }));
  registro = ok(await call(t.app, 'POST', '/api/registros', master, { clienteId: cliente._id, servico: 'certidao-simplificada', descricao: 'Certidão para o banco' }));
  cobranca = ok(await call(t.app, 'POST', '/api/cobrancas', master, { clienteId: cliente._id, linhas: [{ descricao: 'Honorários', tipo: 'honorario', valor: 120 }] }));
  sink = await SmtpSink.start();
  ok(await call(t.app, 'PUT', '/api/configuracoes/email-saida', master, { host: '127.0.0.1', porta: sink.port, seguranca: 'nenhuma' }), 200);
});

describe('Linha do tempo', () => {
  it('the master reads the client’s timeline, filters it by kind and opens a charge from it', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master, `/painel/clientes/${cliente._id}/show`);
      await page.getByRole('tab', { name: 'Linha do tempo' }).click();
      const table = page.getByRole('table', { name: 'Linha do tempo' });
      await table.getByRole('link', { name: `Registro ${registro.numero} aberto: ${registro.tipo}` }).waitFor();
      const charge = table.getByRole('link', { name: /^Cobrança de R\$\s?120,00/ });
      await charge.waitFor();

      await page.getByRole('combobox', { name: 'Tipo' }).click();
      await page.getByRole('option', { name: 'Cobrança', exact: true }).click();
      await page.keyboard.press('Escape');
      await table.getByRole('link', { name: /^Registro / }).waitFor({ state: 'detached' });
      expect(await table.getByRole('link').count()).toBe(1);

      await charge.click();
      await page.waitForURL(new RegExp(`/painel/financas/${cobranca._id}/show$`));
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    });
  });
});

describe('Responder ao cliente', () => {
  it('from a registro, the master writes to the client; the sent mail reaches it and shows in the registro', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master, `/painel/registros/${registro._id}`);
      await page.getByRole('button', { name: 'Responder ao cliente' }).click();
      const composer = page.getByRole('dialog', { name: 'Nova mensagem' });
      const subject = `Registro ${registro.numero}: ${registro.tipo}`;
      await composer.getByRole('textbox', { name: 'Assunto', exact: true }).waitFor();
      expect(await composer.getByRole('textbox', { name: 'Assunto', exact: true }).inputValue()).toBe(subject);
      expect(await composer.getByRole('textbox', { name: 'Para', exact: true }).inputValue()).toContain('@exemplo.com.br');
      // The address asked once: it no longer does.
      expect(new URL(page.url()).searchParams.has('escrever')).toBe(false);
      await composer.getByRole('textbox', { name: 'Corpo da mensagem' }).click();
      await page.keyboard.type('A certidão sai amanhã.');
      await composer.getByRole('button', { name: 'Enviar' }).click();
      await composer.waitFor({ state: 'detached' });
      const sent = await sink.waitForSubject(subject);
      expect(sent.parsed.text).toContain('A certidão sai amanhã.');

      await openPanel(page, t.app, t.staff.master, `/painel/registros/${registro._id}`);
      await page.getByRole('list', { name: 'E-mails do registro' }).getByRole('link', { name: subject }).waitFor();
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    });
  });
});
