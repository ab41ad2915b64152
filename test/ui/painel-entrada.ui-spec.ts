/*
 * Issue 52, work in from any channel: a request that came by phone is entered by the staff in the
 * panel — from Registros (Diretoria), from a client's record and from the Processos board
 * (an associado) — with the client's own rules on the server and a history that says who opened
 * it for whom.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { launchBrowser, type LaunchedBrowser, withPage } from '../support/browser';
import { startApp, type RunningApp } from '../support/server';
import { Seed, signInWithToken } from './portal-helpers';

let app: RunningApp;
let chromium: LaunchedBrowser;
let browser: Browser;
let seed: Seed;
let dataDir: string;
let associado: Awaited<ReturnType<Seed['staff']>>;
let diretoria: Awaited<ReturnType<Seed['staff']>>;
let cliente: Awaited<ReturnType<Seed['cliente']>>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-ui-entrada-'));
  [app, chromium] = await Promise.all([startApp({ dataDir }), launchBrowser()]);
  browser = chromium.browser;
  seed = new Seed(app);
  const master = await seed.masterToken();
  associado = await seed.staff(master, 'bruno', 'Bruno Associado', ['Associados']);
  diretoria = await seed.staff(master, 'ana.dir', 'Ana Diretora', ['Diretoria'], true);
  cliente = await seed.cliente({ razaoSocial: 'Padaria Pão Quente Ltda', email: 'padaria@exemplo.com.br' });
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const asStaff = (page: Page, who: { token: string; user: any }, to: string) => signInWithToken(page, app, 'user', who.token, who.user, to);

/** Fills the "Novo registro" dialog and sends it; answers the protocol the panel then shows. */
async function preencher(page: Page, opts: { cliente?: string; descricao: string; junta?: string; responsavel?: string }) {
  const form = page.getByRole('dialog', { name: 'Novo registro para um cliente' });
  await form.waitFor();
  // Nothing is sent without the required fields.
  await form.getByRole('button', { name: 'Criar', exact: true }).click();
  await form.getByText('Obrigatório').first().waitFor();
  if (opts.cliente) {
    await form.getByLabel('Cliente').fill(opts.cliente);
    await page.getByRole('option', { name: 'Padaria Pão Quente Ltda' }).click();
  }
  await form.getByRole('combobox', { name: 'Serviço' }).click();
  await page.getByRole('option', { name: 'Certidão Simplificada' }).click();
  await form.getByLabel('Descrição').fill(opts.descricao);
  if (opts.junta) {
    await form.getByRole('combobox', { name: 'Junta Comercial' }).click();
    await page.getByRole('option', { name: opts.junta }).click();
  }
  if (opts.responsavel) {
    await form.getByRole('combobox', { name: 'Responsável' }).click();
    await page.getByRole('option', { name: opts.responsavel }).click();
  }
  await form.getByRole('button', { name: 'Criar', exact: true }).click();
  await form.waitFor({ state: 'detached', timeout: 15_000 });
}

describe('staff enter a request for a client', () => {
  it('Diretoria opens one from Registros: Junta and responsável chosen, the history says who opened it for whom', async () => {
    await withPage(browser, async (page) => {
      await asStaff(page, diretoria, '/painel/registros');
      await page.getByRole('heading', { name: 'Registros', level: 1 }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Criar', exact: true }).click();
      await preencher(page, { cliente: 'Padaria', descricao: 'Pedido por telefone: certidão para o banco', junta: 'JUCERJA (RJ)', responsavel: 'Bruno Associado' });
      await page.getByRole('heading', { name: /^Registro \d{4}-\d{6}$/, level: 1 }).waitFor({ timeout: 15_000 });
      await page.getByText('Aberto por Ana Diretora em nome de Padaria Pão Quente Ltda.').waitFor();
      await page.getByText('Responsável atual: Bruno Associado').waitFor();
      // Worked to completion from the same screen, as a request that came in through the portal would be.
      const status = page.getByRole('region', { name: 'Status' });
      for (const [radio, said] of [[/Em andamento/, 'Status alterado para Em andamento.'], [/Concluído/, 'Status alterado para Concluído.']] as const) {
        await status.getByRole('radio', { name: radio }).check();
        await status.getByRole('button', { name: 'Alterar status' }).click();
        await page.getByText(said).waitFor();
      }
      await page.locator('h1 + .MuiChip-root', { hasText: 'Concluído' }).waitFor();
    });
    // The client sees it as its own, filed at the chosen Junta.
    const mine = await seed.call('GET', '/api/registros/me', cliente.token);
    const r = mine.data.find((x: any) => x.descricao === 'Pedido por telefone: certidão para o banco');
    expect(r).toMatchObject({ juntaUf: 'RJ', responsavelNome: 'Bruno Associado', status: 'concluido', tipo: 'Certidão Simplificada' });
  });

  it("an associado opens one from the client's record and from the Processos board", async () => {
    await withPage(browser, async (page) => {
      await asStaff(page, associado, `/painel/clientes/${cliente.id}/show`);
      await page.getByRole('tab', { name: 'Registros' }).click({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Criar', exact: true }).click();
      // The client is the record's: no need to choose it.
      await preencher(page, { descricao: 'Pedido por e-mail, entrado pela ficha do cliente' });
      // The tab reads its list again: one row per registro the associado may see, the new one among them.
      const doCliente = (await seed.call('GET', `/api/registros/cliente/${cliente.id}`, associado.token)).data;
      expect(doCliente.map((x: any) => x.descricao)).toContain('Pedido por e-mail, entrado pela ficha do cliente');
      const linhas = page.getByRole('tabpanel').getByRole('row').filter({ hasText: 'Certidão Simplificada' });
      await linhas.nth(doCliente.length - 1).waitFor({ timeout: 15_000 });
      expect(await linhas.count()).toBe(doCliente.length);

      await page.goto(`${app.baseUrl}/painel/processos?servico=certidao-simplificada`);
      await page.getByRole('heading', { name: 'Processos', level: 1 }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Criar', exact: true }).click();
      await preencher(page, { cliente: 'Padaria', descricao: 'Pedido no balcão, entrado pelo quadro', responsavel: 'Bruno Associado' });
      // The associado lands on its own copy of the registro (Meus Registros), not on a screen it is refused.
      await page.waitForURL(/\/painel\/meu-registros\/[0-9a-f-]{36}$/, { timeout: 15_000 });
      await page.getByText('Aberto por Bruno Associado em nome de Padaria Pão Quente Ltda.').waitFor();
    });
    const mine = (await seed.call('GET', '/api/registros/me', cliente.token)).data.map((x: any) => x.descricao);
    expect(mine).toEqual(expect.arrayContaining(['Pedido por e-mail, entrado pela ficha do cliente', 'Pedido no balcão, entrado pelo quadro']));
  });
});

describe('documents from any channel', () => {
  it('staff attach a mailed file to a checklist item and accept it; Dispensar lists what is missing and needs a reason', async () => {
    const criado = await seed.call('POST', '/api/registros', diretoria.token, { servico: 'abertura-empresas', descricao: 'Abertura pedida por e-mail', clienteId: cliente.id });
    const r = criado.data;
    const gated = r.etapas.find((e: any) => e.documentos.length);
    for (const e of r.etapas.filter((x: any) => x.ordem < gated.ordem)) {
      for (const status of ['andamento', 'concluida']) await seed.call('PUT', `/api/registros/${r._id}/etapas/${e._id}`, diretoria.token, { status });
    }
    const [primeiro, ...outros] = gated.documentos.map((k: string) => r.checklist.find((i: any) => i.chave === k));

    await withPage(browser, async (page) => {
      await asStaff(page, diretoria, `/painel/registros/${r._id}`);
      await page.getByRole('heading', { name: `Registro ${r.numero}`, level: 1 }).waitFor({ timeout: 15_000 });
      const checklist = page.getByRole('region', { name: 'Checklist de documentos' });
      const item = checklist.getByRole('listitem', { name: primeiro.nome });
      await item.getByText('Pendente').waitFor();
      await item.getByLabel(`Arquivo para ${primeiro.nome}`).setInputFiles({ name: 'recebido-por-email.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
      await page.getByText(`Arquivo anexado a "${primeiro.nome}": agora pode ser aceito.`).waitFor();
      await item.getByText('Enviado — aguardando análise').waitFor();
      await item.getByRole('button', { name: `Aceitar ${primeiro.nome}` }).click();
      await page.getByText(`Documento "${primeiro.nome}" aceito.`).waitFor();
      await item.getByText('Aceito', { exact: true }).waitFor();

      const etapas = page.getByRole('region', { name: 'Etapas' });
      await etapas.getByRole('button', { name: `Dispensar a etapa ${gated.nome}` }).click();
      const dispensa = page.getByRole('dialog', { name: `Dispensar a etapa "${gated.nome}"` });
      const faltando = dispensa.getByRole('alert', { name: 'Documentos faltando' });
      const listados = await faltando.getByRole('listitem').allTextContents();
      expect(listados).toEqual(outros.map((i: any) => i.nome));
      await dispensa.getByRole('button', { name: 'Dispensar etapa' }).click();
      await dispensa.getByText('Informe o motivo da dispensa.').waitFor();
      await dispensa.getByLabel('Motivo da dispensa').fill('A Junta aceitou sem os demais.');
      await dispensa.getByRole('button', { name: 'Dispensar etapa' }).click();
      await page.getByText(`Etapa "${gated.nome}" dispensada.`).waitFor();
      await page.getByRole('list', { name: 'Histórico' }).getByText(`dispensada sem os documentos ${outros.map((i: any) => i.nome).join('; ')}`, { exact: false }).waitFor();
    });
    const depois = (await seed.call('GET', `/api/registros/${r._id}/checklist`, cliente.token)).data.find((i: any) => i._id === primeiro._id);
    expect(depois).toMatchObject({ status: 'aceito', nomeArquivo: 'recebido-por-email.pdf' });
  });
});

describe('money tied to work', () => {
  it("Nova Cobrança picks one of the client's registros, and the list shows its protocol instead of Avulsa", async () => {
    const r = (await seed.call('POST', '/api/registros', diretoria.token, { servico: 'certidao-inteiro-teor', descricao: 'Certidão cobrada à parte', clienteId: cliente.id })).data;
    await withPage(browser, async (page) => {
      await asStaff(page, diretoria, '/painel/financas');
      await page.getByRole('button', { name: 'Nova Cobrança' }).click({ timeout: 15_000 });
      const form = page.getByRole('dialog', { name: 'Nova Cobrança' });
      // No client yet: the registro waits for one.
      expect(await form.getByLabel('Registro (opcional)').isDisabled()).toBe(true);
      // MUI's own labels in Portuguese: the autocomplete's button says "Abrir", never "Open".
      expect(await form.getByRole('button', { name: 'Abrir' }).count()).toBeGreaterThan(0);
      expect(await form.getByRole('button', { name: 'Open', exact: true }).count()).toBe(0);
      await form.getByLabel('Cliente').fill('Padaria');
      await page.getByRole('option', { name: 'Padaria Pão Quente Ltda' }).click();
      await form.getByLabel('Registro (opcional)').fill(r.numero);
      await page.getByRole('option', { name: `${r.numero} — Certidão de Inteiro Teor` }).click();
      await form.getByLabel('Descrição da linha 1').fill('Certidão de inteiro teor');
      await form.getByLabel('Valor da linha 1 (R$)').fill('80');
      await form.getByRole('button', { name: 'Emitir cobrança' }).click();
      await form.waitFor({ state: 'detached', timeout: 15_000 });
      await page.getByRole('row').filter({ hasText: 'Padaria Pão Quente Ltda' }).filter({ hasText: r.numero }).first().waitFor();
    });
    const cobrancas = (await seed.call('GET', '/api/cobrancas/me', cliente.token)).data;
    expect(cobrancas.find((c: any) => c.registroId === r._id)).toMatchObject({ registroNumero: r.numero });
  });

  it('a registro has "Cobrar": the charge comes filled with its client, itself and a line at its price, editable', async () => {
    const r = (await seed.call('POST', '/api/registros', diretoria.token, { servico: 'consultoria', descricao: 'Consultoria cobrada pelo registro', clienteId: cliente.id })).data;
    await withPage(browser, async (page) => {
      await asStaff(page, diretoria, `/painel/registros/${r._id}`);
      await page.getByRole('heading', { name: `Registro ${r.numero}`, level: 1 }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Cobrar' }).click();
      const form = page.getByRole('dialog', { name: 'Nova Cobrança' });
      await form.getByLabel('Registro (opcional)').and(page.locator(`[value="${r.numero} — Consultoria Empresarial"]`)).waitFor();
      expect(await form.getByLabel('Cliente').inputValue()).toBe('Padaria Pão Quente Ltda');
      expect(await form.getByLabel('Descrição da linha 1').inputValue()).toBe(`Consultoria Empresarial — protocolo ${r.numero}`);
      await form.getByLabel('Valor da linha 1 (R$)').fill('150');
      await form.getByRole('button', { name: 'Emitir cobrança' }).click();
      await form.waitFor({ state: 'detached', timeout: 15_000 });
      await page.getByText(`Cobrança do registro ${r.numero} emitida.`).waitFor();
    });
    const cobrancas = (await seed.call('GET', '/api/cobrancas/me', cliente.token)).data.filter((c: any) => c.registroId === r._id);
    expect(cobrancas.map((c: any) => c.total)).toEqual([150]);
  });
});

describe('every record reachable', () => {
  it('dashboard cards open the list behind them with the filter in the address', async () => {
    await withPage(browser, async (page) => {
      await asStaff(page, diretoria, '/painel');
      await page.getByRole('link', { name: 'Prazos vencidos: ver a lista' }).click({ timeout: 15_000 });
      await page.waitForURL(/\/painel\/registros\?filter=/);
      expect(JSON.parse(new URL(page.url()).searchParams.get('filter')!)).toEqual({ vencido: true });
      expect(await page.getByRole('checkbox', { name: 'Somente vencidos' }).isChecked()).toBe(true);

      await page.goto(`${app.baseUrl}/painel`);
      await page.getByRole('link', { name: 'Registros em aberto: ver a lista' }).click({ timeout: 15_000 });
      await page.waitForURL(/\/painel\/registros\?filter=/);
      expect(JSON.parse(new URL(page.url()).searchParams.get('filter')!)).toEqual({ aberto: true });
      await page.getByRole('heading', { name: 'Registros', level: 1 }).waitFor();
    });
    await withPage(browser, async (page) => {
      await asStaff(page, associado, '/painel');
      await page.getByRole('link', { name: 'Sem responsável: ver a lista' }).click({ timeout: 15_000 });
      await page.waitForURL(/\/painel\/meu-registros\?filter=/);
      expect(JSON.parse(new URL(page.url()).searchParams.get('filter')!)).toEqual({ responsavelId: 'nenhum', aberto: true });
      await page.getByRole('tab', { name: 'Sem responsável', selected: true }).waitFor();
    });
  });

  it('Financeiro and Suporte get their own figures, not the associado\'s work cards', async () => {
    const master = await seed.masterToken();
    const financeiro = await seed.staff(master, 'fabi.fin', 'Fabi Financeiro', ['Financeiro']);
    const suporte = await seed.staff(master, 'sol.sup', 'Sol Suporte', ['Suporte']);
    for (const [who, titulo, financas] of [[financeiro, 'Dashboard do Financeiro', true], [suporte, 'Dashboard do Suporte', false]] as const) {
      await withPage(browser, async (page) => {
        await asStaff(page, who, '/painel');
        await page.getByText(titulo).waitFor({ timeout: 15_000 });
        await page.getByRole('link', { name: 'E-mails não lidos: ver a lista' }).waitFor();
        expect(await page.getByText('Dashboard do Associado').count()).toBe(0);
        expect(await page.getByRole('region', { name: 'Sem responsável' }).count()).toBe(0);
        expect(await page.getByRole('region', { name: /Meus registros em aberto/ }).count()).toBe(0);
        if (!financas) expect(await page.getByText(/Recebido|A receber/).count()).toBe(0);
        // Who answers the site's messages sees those waiting, and the card opens that tab of Mensagens.
        const mensagens = page.getByRole('link', { name: 'Mensagens não lidas: ver a lista' });
        if (financas) expect(await mensagens.count()).toBe(0);
        else {
          await mensagens.click();
          await page.waitForURL(/\/painel\/mensagens\?filter=/);
          expect(JSON.parse(new URL(page.url()).searchParams.get('filter')!)).toEqual({ status: 'nao-lidas' });
          await page.getByRole('tab', { name: 'Não lidas', selected: true }).waitFor();
        }
      });
    }
  });
});
