/*
 * Finanças in the panel (issue 12): the summary in BRL and the charges list on real data.
 */
import { withPage } from '../support/browser';
import { registerCliente } from '../support/server';
import { call, openPanel, panelSuite } from './painel-helpers';

const t = panelSuite();

describe('Finanças', () => {
  it('shows the summary and the charges, searchable and filtered by status, in BRL', async () => {
    const cliente = await registerCliente(t.app.baseUrl, { razaoSocial: 'Padaria Financeira Ltda' });
    const outro = await registerCliente(t.app.baseUrl, { razaoSocial: 'Oficina Devedora Ltda' });
    const token = t.staff.master.token;
    const c = await call(t.app, 'POST', '/api/cobrancas', token, { clienteId: cliente.id, linhas: [{ descricao: 'Abertura', tipo: 'honorario', valor: 1234.5 }] });
    expect(c.status).toBe(201);
    expect((await call(t.app, 'POST', `/api/cobrancas/${c.body.data._id}/pagamentos`, token, { valor: 234.5, forma: 'pix' })).status).toBe(201);
    const vencida = await call(t.app, 'POST', '/api/cobrancas', token, { clienteId: outro.id, vencimento: '2020-01-10', linhas: [{ descricao: 'Taxa', tipo: 'taxa', valor: 80 }] });
    expect(vencida.status).toBe(201);

    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.diretoria, '/painel/financas');
      await page.getByRole('heading', { name: 'Finanças', level: 1 }).waitFor();
      const aReceber = page.locator('[data-figure="A receber"]');
      await aReceber.getByText('R$ 1.080,00').waitFor();
      await page.locator('[data-figure="Vencido"]').getByText('R$ 80,00').waitFor();
      await page.locator('[data-figure="Recebido"]').getByText('R$ 234,50').waitFor();
      const aging = page.getByRole('table', { name: 'Vencido por tempo de atraso' });
      await aging.getByRole('row').filter({ hasText: 'Mais de 90 dias' }).getByText('R$ 80,00').waitFor();
      const porServico = page.getByRole('table', { name: /^Por serviço/ }).getByRole('row').filter({ hasText: 'Cobranças avulsas' });
      await porServico.getByText('R$ 1.314,50').waitFor();
      expect((await porServico.getByRole('cell').allTextContents()).map((c) => c.replace(/\u00a0/g, ' '))).toEqual(['Cobranças avulsas', 'R$ 1.314,50', 'R$ 1.234,50', 'R$ 80,00', 'R$ 234,50', 'R$ 1.080,00']);

      const row = page.getByRole('row').filter({ hasText: 'Padaria Financeira Ltda' });
      await row.getByText('R$ 1.234,50').waitFor();
      await row.getByText('R$ 1.000,00').waitFor();
      await row.getByText('Aberta').waitFor();
      await page.getByRole('row').filter({ hasText: 'Oficina Devedora Ltda' }).getByText('Vencida').waitFor();

      await page.getByRole('tab', { name: 'Vencidas' }).click();
      await page.getByRole('row').filter({ hasText: 'Padaria Financeira Ltda' }).waitFor({ state: 'detached' });
      await page.getByRole('row').filter({ hasText: 'Oficina Devedora Ltda' }).waitFor();
      await page.getByRole('tab', { name: 'Todas' }).click();
      await page.getByRole('searchbox', { name: 'Buscar por cliente ou CNPJ...' }).fill('padaria');
      await page.getByRole('row').filter({ hasText: 'Oficina Devedora Ltda' }).waitFor({ state: 'detached' });
      await page.getByRole('row').filter({ hasText: 'Padaria Financeira Ltda' }).waitFor();

      // The charge's details: lines, PIX (copia e cola and QR), a payment that settles it, the receipt.
      const pixRefused: string[] = [];
      page.on('response', (r) => /\/pix$/.test(new URL(r.url()).pathname) && r.status() === 409 && pixRefused.push(r.url()));
      await page.getByRole('row').filter({ hasText: 'Padaria Financeira Ltda' }).click();
      const dialog = page.getByRole('dialog', { name: 'Detalhes da Cobrança' });
      await dialog.getByRole('table', { name: 'Linhas da cobrança' }).getByText('Abertura').waitFor();
      expect(await dialog.getByLabel('PIX copia e cola').inputValue()).toMatch(/^000201.*br\.gov\.bcb\.pix/);
      await dialog.getByRole('img', { name: 'QR code PIX da cobrança' }).waitFor();
      // The shared rule refuses more than the balance beside the value, before anything is sent.
      await dialog.getByLabel('Valor (R$)').fill('2000');
      await dialog.getByRole('button', { name: 'Registrar pagamento' }).click();
      await dialog.getByText(/excede o saldo/).waitFor();
      await dialog.getByLabel('Valor (R$)').fill('1000');
      await dialog.getByRole('button', { name: 'Registrar pagamento' }).click();
      await dialog.getByText(/^Paga · vencimento/).waitFor();
      // Settled: the PIX code is not asked for again (it would be refused, 409).
      expect(pixRefused).toEqual([]);
      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Recibo (PDF)' }).nth(1).click();
      expect((await download).suggestedFilename()).toMatch(/^recibo-.*-2\.pdf$/);
      await dialog.getByRole('button', { name: 'Fechar' }).click();
      await page.getByRole('row').filter({ hasText: 'Padaria Financeira Ltda' }).getByText('Paga').waitFor();
      expect(problems.pageErrors).toEqual([]);
      expect(problems.cspViolations).toEqual([]);
    });
  });

  it('the dashboard shows receivable and received to whoever sees Finanças, and not to an associado', async () => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.diretoria, '/painel');
      await page.locator('[data-figure="Finanças: A receber"]').getByText('R$ 80,00').waitFor();
      await page.locator('[data-figure="Finanças: Recebido"]').getByText('R$ 1.234,50').waitFor();
      await openPanel(page, t.app, t.staff.associado, '/painel');
      await page.getByRole('combobox', { name: 'Período' }).waitFor();
      await page.locator('[data-figure="Prazos vencidos"]').waitFor();
      expect(await page.locator('[data-figure="Finanças: A receber"]').count()).toBe(0);
    });
  });

  it('issues a manual charge and reconciles a bank statement: a CNPJ match ticked, an amount-only one left unticked, a hand match', async () => {
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    const ymd = today.replace(/-/g, '');
    const clientes = await call(t.app, 'GET', `/api/clientes?filter=${encodeURIComponent(JSON.stringify({ q: 'Oficina Devedora' }))}`, t.staff.master.token);
    const cnpj = clientes.body.data[0].cnpj as string;
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master, '/painel/financas');
      await page.getByRole('button', { name: 'Nova Cobrança' }).click();
      const form = page.getByRole('dialog', { name: 'Nova Cobrança' });
      await form.getByRole('button', { name: 'Emitir cobrança' }).click();
      await form.getByText('Escolha o cliente.').waitFor();
      await form.getByLabel('Cliente').fill('Oficina');
      await page.getByRole('option', { name: 'Oficina Devedora Ltda' }).click();
      await form.getByLabel('Vencimento').fill(today);
      await form.getByLabel('Descrição da linha 1').fill('Consultoria societária');
      await form.getByLabel('Valor da linha 1 (R$)').fill('50');
      await form.getByRole('button', { name: 'Emitir cobrança' }).click();
      await form.waitFor({ state: 'detached' });

      // Newest first: the charge just issued is the first row.
      const charges = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Emitida em' }) });
      await charges.getByRole('row').nth(1).filter({ hasText: 'Oficina Devedora Ltda' }).filter({ hasText: 'R$ 50,00' }).waitFor();
      // Still open and unpaid: its value can be corrected.
      await page.getByRole('row').filter({ hasText: 'Oficina Devedora Ltda' }).filter({ hasText: 'R$ 50,00' }).click();
      const details = page.getByRole('dialog', { name: 'Detalhes da Cobrança' });
      await details.getByRole('button', { name: 'Editar cobrança' }).click();
      const edit = page.getByRole('dialog', { name: 'Editar cobrança' });
      await edit.getByLabel('Valor da linha 1 (R$)').fill('0');
      await edit.getByRole('button', { name: 'Salvar alterações' }).click();
      await edit.getByText('Linha 1: o valor deve ser maior que zero.').waitFor();
      await edit.getByLabel('Valor da linha 1 (R$)').fill('57.35');
      await edit.getByRole('button', { name: 'Salvar alterações' }).click();
      await details.getByRole('table', { name: 'Linhas da cobrança' }).getByText('R$ 57,35').waitFor();
      await details.getByRole('button', { name: 'Fechar' }).click();
      const row = page.getByRole('row').filter({ hasText: 'Oficina Devedora Ltda' }).filter({ hasText: 'R$ 57,35' });
      await row.getByText('Aberta').waitFor();

      const ofx =
        'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL' +
        '<BANKACCTFROM><BANKID>341<BRANCHID>1<ACCTID>999-1</BANKACCTFROM><BANKTRANLIST>' +
        `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${ymd}<TRNAMT>57.35<FITID>UI-1<NAME>FULANO DE TAL<MEMO>PIX RECEBIDO</STMTTRN>` +
        `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${ymd}<TRNAMT>57.35<FITID>UI-3<MEMO>PIX ${cnpj}</STMTTRN>` +
        `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${ymd}<TRNAMT>9.99<FITID>UI-2<MEMO>DEPOSITO</STMTTRN>` +
        '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';
      await page.getByRole('button', { name: 'Importar extrato (OFX)' }).click();
      const upload = page.getByRole('dialog', { name: 'Importar extrato (OFX)' });
      await upload.locator('input[type=file]').setInputFiles({ name: 'extrato.ofx', mimeType: 'application/x-ofx', buffer: Buffer.from(ofx) });
      await upload.getByText('extrato.ofx').waitFor();
      await upload.getByRole('button', { name: 'Importar', exact: true }).click();
      const review = page.getByRole('dialog', { name: 'Conciliação do extrato' });
      const credits = review.getByRole('table', { name: 'Créditos do extrato' });
      // The client's CNPJ in the memo: proposed and ticked.
      await credits.getByRole('row').filter({ hasText: cnpj }).getByText('Pelo CNPJ do pagador').waitFor();
      expect(await review.getByLabel('Confirmar crédito UI-3').isChecked()).toBe(true);
      // The same amount from a stranger: offered, never ticked.
      await credits.getByRole('row').filter({ hasText: 'FULANO DE TAL' }).getByText('Só pelo valor e vencimento: confira o pagador').waitFor();
      expect(await review.getByLabel('Confirmar crédito UI-1').isChecked()).toBe(false);
      // No candidate: matched by hand to the client's overdue charge, found by name.
      await credits.getByRole('row').filter({ hasText: 'R$ 9,99' }).getByText('Sem correspondência').waitFor();
      await review.getByLabel('Confirmar crédito UI-2').check();
      await review.getByRole('combobox', { name: /Cobrança do crédito UI-2/ }).fill('Oficina');
      await page.getByRole('option', { name: /Oficina Devedora Ltda — R\$\s80,00/ }).click();
      await review.getByRole('button', { name: 'Confirmar conciliação' }).click();
      await review.waitFor({ state: 'detached' });
      await row.getByText('Paga').waitFor();
      const abertas = await call(t.app, 'GET', `/api/cobrancas?filter=${encodeURIComponent(JSON.stringify({ q: 'Oficina Devedora' }))}`, t.staff.master.token);
      expect(abertas.body.data.find((x: any) => x.total === 80)).toMatchObject({ pago: 9.99, saldo: 70.01, status: 'aberta' });
      expect(problems.pageErrors).toEqual([]);
      expect(problems.cspViolations).toEqual([]);
    });
  });

  it('fits a 360 px phone: no sideways scroll, the main buttons on screen, charges without a registro as avulsa', async () => {
    await withPage(t.browser, async (page) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await openPanel(page, t.app, t.staff.master, '/painel/financas');
      await page.getByRole('heading', { name: 'Finanças', level: 1 }).waitFor();
      await page.getByRole('row').filter({ hasText: 'Oficina Devedora Ltda' }).first().waitFor();
      await page.locator('[data-figure="A receber"]').getByText(/R\$/).waitFor();
      const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(width.scroll).toBeLessThanOrEqual(width.client);
      for (const name of ['Nova Cobrança', 'Importar extrato (OFX)']) {
        const box = await page.getByRole('button', { name }).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('row').filter({ hasText: 'Oficina Devedora Ltda' }).first().getByText('Avulsa').waitFor();
    });
  });
});
