/*
 * Issue 12's journey in the browser: a client's new registro creates a charge that the client sees
 * with its PIX QR code; staff import a bank statement that pays it; the client downloads the receipt.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser, withPage } from '../support/browser';
import { startApp, type RunningApp } from '../support/server';
import { Seed, signInWithToken } from './portal-helpers';

let app: RunningApp;
let chromium: LaunchedBrowser;
let browser: Browser;
let seed: Seed;

beforeAll(async () => {
  [app, chromium] = await Promise.all([startApp({ env: { FIRM_PIX_KEY: '123e4567-e12b-12d1-a456-426655440000' } }), launchBrowser()]);
  browser = chromium.browser;
  seed = new Seed(app);
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
});

it('a new registro is charged, the client sees its PIX, a statement pays it and the client downloads the receipt', async () => {
  const master = await seed.masterToken();
  const tipo = await seed.call('POST', '/api/tipos-cliente', master, { nome: 'Microempresa', ativo: true, servicos: [{ nome: 'Certidão Simplificada', valor: 120 }] });
  const ana = await seed.cliente({ razaoSocial: 'Padaria Pão Quente Ltda' });
  await seed.call('PUT', `/api/clientes/${ana.id}`, master, { tipoClienteId: tipo.data._id });
  await seed.solicitar(ana.token, 'certidao-simplificada', 'Certidão para o banco');
  const [cobranca] = (await seed.call('GET', '/api/cobrancas/me', ana.token)).data;
  expect(cobranca).toMatchObject({ total: 120, status: 'aberta' });

  await withPage(browser, async (page, problems) => {
    await signInWithToken(page, app, 'cliente', ana.token, ana.data, '/cliente');
    // The dashboard's card counts the open charges and leads to the tab.
    const cardFinanceiro = page.getByRole('button', { name: /^Financeiro/ });
    await cardFinanceiro.getByText('cobranças em aberto').waitFor();
    // The count comes by its own request: waited for, not read while it still shows "–".
    await cardFinanceiro.getByText('1', { exact: true }).waitFor();
    expect(await cardFinanceiro.textContent()).toContain('1');
    await cardFinanceiro.click();
    expect(await page.getByRole('tab', { name: 'Financeiro', exact: true }).getAttribute('aria-selected')).toBe('true');
    const card = page.getByRole('article', { name: 'Cobrança de R$ 120,00' });
    await card.getByText('Aberta').waitFor();
    // The charge opens as a dialog of its own address (issue 51), with its PIX.
    await card.getByRole('button', { name: 'Pagar com PIX' }).click();
    const charge = page.getByRole('dialog', { name: 'Cobrança de R$ 120,00' });
    await charge.getByRole('img', { name: 'QR code PIX' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/cliente/financeiro/${cobranca._id}`);
    const payload = await charge.getByLabel('PIX copia e cola').inputValue();
    expect(payload).toContain('br.gov.bcb.pix');
    expect(payload).toContain(cobranca.txid);
    await charge.getByRole('button', { name: 'Fechar' }).click();
    await charge.waitFor({ state: 'detached' });

    // Staff import the bank statement with the client's PIX and confirm the proposed match.
    const ymd = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }).replace(/-/g, '');
    const ofx =
      'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL' +
      '<BANKACCTFROM><BANKID>341<BRANCHID>1<ACCTID>999-1</BANKACCTFROM><BANKTRANLIST>' +
      `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${ymd}<TRNAMT>120.00<FITID>J-1<MEMO>PIX ${cobranca.txid}</STMTTRN>` +
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    const form = new FormData();
    form.append('arquivo', new Blob([ofx]), 'extrato.ofx');
    const imp = await fetch(`${app.baseUrl}/api/financas/extratos`, { method: 'POST', body: form, headers: { authorization: `Bearer ${master}` } });
    const extrato = ((await imp.json()) as any).data;
    expect(extrato.transacoes[0]).toMatchObject({ situacao: 'txid', cobrancaId: cobranca._id });
    await seed.call('POST', `/api/financas/extratos/${extrato._id}/confirmar`, master, { matches: [{ transacaoId: extrato.transacoes[0]._id, cobrancaId: cobranca._id }] });

    await page.reload();
    await page.getByRole('tab', { name: 'Financeiro', exact: true }).click();
    await card.getByText('Paga').waitFor();
    await card.getByRole('button', { name: 'Ver cobrança' }).click();
    const download = page.waitForEvent('download');
    await charge.getByRole('button', { name: 'Recibo do pagamento 1' }).click();
    expect((await download).suggestedFilename()).toBe(`recibo-${cobranca.txid}-1.pdf`);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.cspViolations).toEqual([]);
  });
});
