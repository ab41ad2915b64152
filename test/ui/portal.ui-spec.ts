/*
 * The client area (/cliente, spec §2.15) on real data, in Chromium against the built product:
 * the dashboard's counts, the four tabs, registros with search, filters, details and cancel, a new
 * request with attachments, documents with download and upload, the FAQs, and a phone's width.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { samplePdf, samplePng } from '../../backend/src/documentos/sample-files';
import { launchBrowser, type LaunchedBrowser, RESULTS_DIR, screenshot, withPage } from '../support/browser';
import { startApp, type RunningApp } from '../support/server';
import { type Cliente, expectNoPageProblems, overflowingSideways, Seed, signInWithToken } from './portal-helpers';

/** Small, so that a too-large upload is cheap to make; the sample files are far below it. */
const DOC_MAX_BYTES = 64 * 1024;

let app: RunningApp;
let chromium: LaunchedBrowser;
let browser: Browser;
let seed: Seed;
let master: string;
/** A client with a history: registros in every status, documents both ways, a priced client type. */
let ana: Cliente & { token: string; data: any };
let registros: Record<'pendente' | 'andamento' | 'concluido' | 'recusado' | 'antigo', any>;
let certidao: any;
let tipoId: string;

beforeAll(async () => {
  [app, chromium] = await Promise.all([startApp({ env: { DOC_MAX_BYTES: String(DOC_MAX_BYTES) } }), launchBrowser()]);
  browser = chromium.browser;
  seed = new Seed(app);
  master = await seed.masterToken();

  const tipo = await seed.call('POST', '/api/tipos-cliente', master, {
    nome: 'Microempresa',
    ativo: true,
    servicos: [{ nome: 'Certidão Simplificada', valor: 120 }, { nome: 'Registro de Procuração', valor: 250.5 }],
  });
  ana = await seed.cliente({ razaoSocial: 'Padaria Pão Quente Ltda' });
  tipoId = tipo.data._id;
  await seed.call('PUT', `/api/clientes/${ana.id}`, master, { tipoClienteId: tipoId });

  const antigo = await seed.solicitar(ana.token, 'consultoria', 'Consultoria sobre o enquadramento tributário');
  const recusado = await seed.solicitar(ana.token, 'marca-patentes', 'Registro da marca Pão Quente');
  const concluido = await seed.solicitar(ana.token, 'certidao-inteiro-teor', 'Certidão de inteiro teor para o banco');
  const andamento = await seed.solicitar(ana.token, 'alteracoes-contratuais', 'Mudança de endereço da sede');
  const pendente = await seed.solicitar(ana.token, 'abertura-empresas', 'Abertura de filial em Campinas');
  await seed.status(master, recusado._id, 'recusado', 'A marca já está registrada por outra empresa.', true);
  await seed.status(master, concluido._id, 'andamento');
  await seed.status(master, concluido._id, 'concluido', 'Certidão emitida e enviada.', true);
  await seed.status(master, andamento._id, 'andamento', 'Análise interna do contrato.', false);
  await seed.status(master, antigo._id, 'cancelado');
  registros = { pendente, andamento, concluido, recusado, antigo };

  certidao = await seed.upload(master, 'certidao-inteiro-teor.pdf', samplePdf(), { registroId: concluido._id, titulo: 'Certidão de Inteiro Teor' });
  await seed.upload(ana.token, 'contrato-social.pdf', samplePdf(), { titulo: 'Contrato social' });
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
});

/**
 * Screens to look at, saved under test-results/ when UI_SCREENSHOTS is set: the whole page, or
 * just the window when a dialog is open (a full-page capture misplaces a fixed dialog).
 */
async function look(page: Page, name: string, whole = true) {
  if (!process.env.UI_SCREENSHOTS) return;
  if (whole) await screenshot(page, name);
  else await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`) });
}

async function openPortal(page: Page, who: { token: string; data: any } = ana) {
  await signInWithToken(page, app, 'cliente', who.token, who.data, '/cliente');
  await page.getByRole('heading', { name: /^Olá, / }).waitFor({ timeout: 15_000 });
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

async function openTab(page: Page, name: string) {
  await tab(page, name).click();
  // The panel once the tab's screen is in (its code is a chunk of its own, ADR 0059): the tab
  // selected, then the screen's own h1 (until then the panel says 'Carregando...').
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
  await page.getByRole('tabpanel').getByRole('heading', { level: 1 }).first().waitFor();
}

/** The protocol numbers in the registros table on screen, top to bottom. */
async function protocolos(page: Page): Promise<string[]> {
  return page.locator('tbody tr td:first-child').allTextContents();
}

async function waitForProtocolos(page: Page, expected: string[]) {
  await page.waitForFunction(
    (want) => JSON.stringify([...document.querySelectorAll('tbody tr td:first-child')].map((td) => td.textContent)) === JSON.stringify(want),
    expected,
    { timeout: 10_000 },
  );
}

describe('dashboard', () => {
  it("greets the client, counts its registros and documents, and lists the three most recent", async () => {
    await withPage(browser, async (page, problems) => {
      await openPortal(page);
      await page.getByRole('heading', { name: 'Olá, Padaria Pão Quente Ltda' }).waitFor();
      const card = (name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 3);
      // The counts arrive by their own request: wait for both cards to show them.
      await card('Meus Registros').filter({ hasText: 'em aberto' }).filter({ hasNotText: '–' }).waitFor();
      await card('Documentos').filter({ hasText: 'novo' }).filter({ hasNotText: '–' }).waitFor();
      expect(await card('Meus Registros').textContent()).toContain('5');
      expect(await card('Meus Registros').textContent()).toContain('2 em aberto');
      expect(await card('Documentos').textContent()).toContain('2');
      expect(await card('Documentos').textContent()).toContain('1 novo do escritório');
      await card('Nova Solicitação').waitFor();
      // Newest first, three of them.
      expect(await protocolos(page)).toEqual([registros.pendente.numero, registros.andamento.numero, registros.concluido.numero]);
      expectNoPageProblems(problems);
    });
  });

  it("lists the client's upcoming appointments with date, time, title and link (issue 13)", async () => {
    await withPage(browser, async (page, problems) => {
      await openPortal(page);
      const card = page.getByRole('region', { name: 'Próximos compromissos' });
      await card.getByText('Nenhum compromisso agendado com o escritório.').waitFor();
      const created = await seed.call('POST', '/api/agenda/eventos', master, {
        tipo: 'assinatura',
        titulo: 'Assinatura do contrato social',
        inicio: '2027-09-20T13:00:00.000Z',
        fim: '2027-09-20T14:00:00.000Z',
        clienteId: ana.id,
        convidarCliente: true,
        local: 'Sala 2',
        link: 'https://meet.exemplo.com.br/abc',
        notas: 'Nota interna: não mostrar',
      });
      expect(created.data.titulo).toBe('Assinatura do contrato social');
      await page.reload();
      const item = card.getByRole('listitem').filter({ hasText: 'Assinatura do contrato social' });
      await item.waitFor();
      expect(await item.textContent()).toContain('20/09/2027 10:00 às 11:00');
      expect(await item.textContent()).toContain('Local: Sala 2');
      expect(await item.getByRole('link', { name: 'Link da reunião' }).getAttribute('href')).toBe('https://meet.exemplo.com.br/abc');
      expect(await card.textContent()).not.toContain('Nota interna');
      await seed.call('DELETE', `/api/agenda/eventos/${created.data.id}`, master);
      expectNoPageProblems(problems);
    });
  });

  it("searches the recent list, and 'Ver Todos' opens Registros e Solicitações with that search", async () => {
    await withPage(browser, async (page) => {
      await openPortal(page);
      await page.getByLabel('Buscar nos registros').fill('marca');
      await waitForProtocolos(page, [registros.recusado.numero]);
      await page.getByLabel('Buscar nos registros').fill('nada parecido com isso');
      await page.getByText('Nenhum registro encontrado para esta busca.').waitFor();
      await page.getByLabel('Buscar nos registros').fill('marca');
      await waitForProtocolos(page, [registros.recusado.numero]);
      await page.getByRole('button', { name: 'Ver Todos' }).click();
      expect(await tab(page, 'Registros e Solicitações').getAttribute('aria-selected')).toBe('true');
      expect(await page.getByLabel('Buscar', { exact: true }).inputValue()).toBe('marca');
      await waitForProtocolos(page, [registros.recusado.numero]);
    });
  });
});

describe('tabs', () => {
  it('shows the tabs, one panel at a time, and moves with the arrow keys', async () => {
    await withPage(browser, async (page) => {
      await openPortal(page);
      // The company's Responsável (its original login, issue 54) also has Equipe, its members.
      expect(await page.getByRole('tab').allTextContents()).toEqual(['Dashboard', 'Registros e Solicitações', 'Documentos', 'Financeiro', 'Agenda', 'FAQs', 'Equipe']);
      expect(await tab(page, 'Dashboard').getAttribute('aria-selected')).toBe('true');

      await openTab(page, 'Registros e Solicitações');
      await page.getByRole('heading', { name: 'Registros e Solicitações' }).waitFor();
      await openTab(page, 'Documentos');
      await page.getByRole('heading', { name: 'Documentos', exact: true }).waitFor();
      await openTab(page, 'FAQs');
      await page.getByRole('heading', { name: 'Perguntas Frequentes' }).waitFor();
      expect(await page.getByRole('tabpanel').count()).toBe(1);
      // Each tab has its address (issue 51).
      expect(new URL(page.url()).pathname).toBe('/cliente/faq');

      await tab(page, 'FAQs').focus();
      // The tab moves with the route: wait for it to be selected rather than read it at once.
      await page.keyboard.press('ArrowRight');
      await page.getByRole('tab', { name: 'Equipe', exact: true, selected: true }).waitFor();
      await page.keyboard.press('ArrowRight');
      await page.getByRole('tab', { name: 'Dashboard', exact: true, selected: true }).waitFor();
      await page.keyboard.press('ArrowLeft');
      await page.getByRole('tab', { name: 'Equipe', exact: true, selected: true }).waitFor();
    });
  });

  it('Sair clears the session keys and goes to /login', async () => {
    // Sair ends its session on the server (issue 54): a session of its own, so the suite's token lives on.
    const own = await seed.call('POST', '/api/clientes/login', null, { email: ana.email, password: ana.password });
    await withPage(browser, async (page) => {
      await openPortal(page, { token: own.token, data: own.data });
      expect(await page.getByRole('link', { name: /Veritas Assessoria Empresarial/ }).getAttribute('href')).toBe('/');
      await page.getByRole('button', { name: 'Sair' }).click();
      await page.waitForURL((u) => u.pathname === '/login');
      // userData held the company's profile: it goes too (issue 10).
      const stored = await page.evaluate(() => ['token', 'isAuthenticated', 'userRole', 'userName', 'userData'].map((k) => localStorage.getItem(k)));
      expect(stored).toEqual([null, null, null, null, null]);
    });
  });
});

describe('Registros e Solicitações', () => {
  it('searches by protocol, type or description, filters by status, and clears the filters', async () => {
    await withPage(browser, async (page) => {
      await openPortal(page);
      await openTab(page, 'Registros e Solicitações');
      const all = [registros.pendente, registros.andamento, registros.concluido, registros.recusado, registros.antigo].map((r) => r.numero);
      await waitForProtocolos(page, all);
      expect(await page.locator('thead th').allTextContents()).toEqual(['Protocolo', 'Tipo', 'Status', 'Data', 'Descrição', 'Ações']);

      const search = page.getByLabel('Buscar', { exact: true });
      await search.fill(registros.andamento.numero);
      await waitForProtocolos(page, [registros.andamento.numero]);
      await search.fill('Abertura de Empresa');
      await waitForProtocolos(page, [registros.pendente.numero]);
      await search.fill('inteiro teor para o banco');
      await waitForProtocolos(page, [registros.concluido.numero]);

      await page.getByRole('button', { name: 'Limpar filtros' }).click();
      await waitForProtocolos(page, all);
      expect(await search.inputValue()).toBe('');

      const status = page.getByLabel('Status');
      expect(await status.locator('option').allTextContents()).toEqual(['Todos', 'Em andamento', 'Pendente', 'Concluído', 'Recusado', 'Cancelado']);
      for (const [value, r] of [['andamento', registros.andamento], ['pendente', registros.pendente], ['concluido', registros.concluido], ['recusado', registros.recusado], ['cancelado', registros.antigo]] as const) {
        await status.selectOption(value);
        await waitForProtocolos(page, [r.numero]);
      }
      // Each status has its own style.
      await status.selectOption('recusado');
      await waitForProtocolos(page, [registros.recusado.numero]);
      expect(await page.locator('tbody .status').getAttribute('class')).toContain('status--recusado');
      expect(await page.locator('tbody .status').textContent()).toBe('Recusado');

      await search.fill('abertura');
      await page.getByText('Nenhum registro encontrado para os filtros selecionados.').waitFor();
      await page.getByRole('button', { name: 'Limpar filtros' }).click();
      await waitForProtocolos(page, all);
      expect(await status.inputValue()).toBe('');
    });
  });

  it('opens a registro with its client-visible timeline, its due date and its documents, and downloads one', async () => {
    await withPage(browser, async (page) => {
      await openPortal(page);
      await openTab(page, 'Registros e Solicitações');
      await page.getByRole('button', { name: `Detalhes do registro ${registros.concluido.numero}` }).click();
      const dialog = page.getByRole('dialog', { name: `Registro ${registros.concluido.numero}` });
      await dialog.getByRole('heading', { name: 'Andamento' }).waitFor();
      const timeline = dialog.locator('.timeline__item');
      await timeline.nth(2).waitFor();
      expect(await timeline.count()).toBe(3);
      expect(await timeline.nth(0).textContent()).toContain('Solicitação enviada');
      expect(await timeline.nth(1).textContent()).toContain('Status: Em andamento');
      expect(await timeline.nth(2).textContent()).toContain('Status: Concluído');
      expect(await timeline.nth(2).textContent()).toContain('Certidão emitida e enviada.');
      expect(await dialog.textContent()).toContain('Encerrado em');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download de Certidão de Inteiro Teor' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('certidao-inteiro-teor.pdf');
      const saved = await download.path();
      expect(fs.readFileSync(saved!).subarray(0, 5).toString()).toBe('%PDF-');

      await dialog.getByRole('button', { name: 'Fechar' }).click();
      await dialog.waitFor({ state: 'detached' });
    });
  });

  it('hides internal notes from the client, and shows the due date of an open registro', async () => {
    await withPage(browser, async (page) => {
      await openPortal(page);
      await openTab(page, 'Registros e Solicitações');
      await page.getByRole('button', { name: `Detalhes do registro ${registros.andamento.numero}` }).click();
      const dialog = page.getByRole('dialog', { name: `Registro ${registros.andamento.numero}` });
      await dialog.locator('.timeline__item').nth(1).waitFor();
      expect(await dialog.textContent()).not.toContain('Análise interna do contrato.');
      expect(await dialog.textContent()).toMatch(/Prazo\d{2}\/\d{2}\/\d{4} \(faltam \d+ dias úteis\)/);
      // Only a pendente request can be cancelled.
      expect(await dialog.getByRole('button', { name: 'Cancelar solicitação' }).count()).toBe(0);
    });
  });

  it('cancels a pendente request after confirmation', async () => {
    await withPage(browser, async (page) => {
      const bia = await seed.cliente({ razaoSocial: 'Bia Doces Finos Ltda' });
      const r = await seed.solicitar(bia.token, 'baixa-empresas', 'Encerrar a empresa antiga');
      await openPortal(page, bia);
      await openTab(page, 'Registros e Solicitações');
      await page.getByRole('button', { name: `Detalhes do registro ${r.numero}` }).click();
      const dialog = page.getByRole('dialog', { name: `Registro ${r.numero}` });
      await dialog.getByRole('button', { name: 'Cancelar solicitação' }).click();
      await dialog.getByText('Tem certeza que deseja cancelar esta solicitação?').waitFor();
      // Changing one's mind leaves it as it was.
      await dialog.getByRole('button', { name: 'Não' }).click();
      expect(await dialog.locator('.status').first().textContent()).toBe('Pendente');

      await dialog.getByRole('button', { name: 'Cancelar solicitação' }).click();
      await dialog.getByLabel('Motivo (opcional)').fill('Decidimos manter a empresa.');
      await dialog.getByRole('button', { name: 'Sim, cancelar' }).click();
      await dialog.locator('.details .status--cancelado').waitFor();
      expect(await dialog.getByRole('button', { name: 'Cancelar solicitação' }).count()).toBe(0);
      expect(await dialog.locator('.timeline__item').last().textContent()).toContain('Decidimos manter a empresa.');
      await dialog.getByRole('button', { name: 'Fechar' }).click();
      // The table behind follows.
      await page.locator('tbody .status--cancelado').waitFor();

      const after = await seed.call('GET', `/api/registros/${r._id}`, bia.token);
      expect(after.data.status).toBe('cancelado');
    });
  });

  it('tells a client without registros that there are none yet', async () => {
    await withPage(browser, async (page) => {
      const novo = await seed.cliente({ razaoSocial: 'Café Recém Aberto Ltda' });
      await openPortal(page, novo);
      await page.getByText("Você ainda não tem registros. Use 'Nova Solicitação' para pedir um serviço.").waitFor();
      await openTab(page, 'Registros e Solicitações');
      await page.getByText('Você ainda não tem registros ou solicitações.').waitFor();
      await openTab(page, 'Documentos');
      await page.getByText("Você ainda não tem documentos. Envie o primeiro em 'Enviar Documento'.").waitFor();
    });
  });
});

describe('Nova Solicitação', () => {
  it('sends a request with a priced service and an attachment, and shows its protocol number', async () => {
    await withPage(browser, async (page, problems) => {
      const eva = await seed.cliente({ razaoSocial: 'Eva Consultoria Ltda' });
      await seed.call('PUT', `/api/clientes/${eva.id}`, master, { tipoClienteId: tipoId });
      await openPortal(page, eva);
      await page.getByRole('button', { name: /^Nova Solicitação/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Nova Solicitação' });
      const servico = dialog.getByLabel('Serviço');
      await servico.locator('option', { hasText: 'Registro de Procuração' }).waitFor({ state: 'attached' });
      // The client type's price shows beside its service.
      expect(await servico.locator('option', { hasText: 'Certidão Simplificada' }).textContent()).toBe('Certidão Simplificada — R$\u00a0120,00');

      await dialog.getByRole('button', { name: 'Enviar solicitação' }).click();
      await dialog.getByText('Selecione um serviço.').waitFor();
      await dialog.getByText('Descreva a sua solicitação.').waitFor();

      await servico.selectOption({ label: 'Registro de Procuração — R$\u00a0250,50' });
      await dialog.getByText('Prazo estimado: até 10 dias úteis').waitFor();
      await dialog.getByLabel('Descrição').fill('Procuração para o sócio representar a empresa na Junta.');
      await dialog.getByLabel('Documentos (opcional)').setInputFiles([
        { name: 'rg-socio.png', mimeType: 'image/png', buffer: samplePng() },
        { name: 'planilha.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
      ]);
      // A name that can never pass is refused at once; the other file stays.
      await dialog.getByText(/O arquivo "planilha.exe" não é de um tipo aceito/).waitFor();
      await dialog.getByText('rg-socio.png').waitFor();

      await dialog.getByRole('button', { name: 'Enviar solicitação' }).click();
      const done = page.getByRole('dialog', { name: 'Solicitação enviada' });
      await done.getByText('Enviado').waitFor();
      const numero = (await done.locator('.success__protocol strong').textContent())!;
      expect(numero).toMatch(/^\d{4}-\d{6}$/);

      const mine = await seed.call('GET', '/api/registros/me', eva.token);
      expect(mine.data).toEqual([expect.objectContaining({ numero, tipo: 'Registro de Procuração', valor: 250.5, status: 'pendente' })]);
      const docs = await seed.call('GET', `/api/documentos/me?filter=${encodeURIComponent(JSON.stringify({ registroId: mine.data[0]._id }))}`, eva.token);
      expect(docs.data).toEqual([expect.objectContaining({ nomeArquivo: 'rg-socio.png', tipo: 'Imagem', enviadoPor: 'cliente' })]);

      await done.getByRole('button', { name: 'Ver detalhes' }).click();
      const details = page.getByRole('dialog', { name: `Registro ${numero}` });
      await details.getByText('rg-socio', { exact: true }).waitFor();
      expectNoPageProblems(problems);
    });
  });
});

describe('Documentos', () => {
  it('shows the card grid, downloads a document under its name and records the first download', async () => {
    await withPage(browser, async (page) => {
      const caio = await seed.cliente({ razaoSocial: 'Caio Ferragens Ltda' });
      const doc = await seed.upload(master, 'alvara.pdf', samplePdf(), { clienteId: caio.id, titulo: 'Alvará de funcionamento' });
      await openPortal(page, caio);
      await openTab(page, 'Documentos');
      const card = page.getByRole('article', { name: 'Alvará de funcionamento' });
      await card.waitFor();
      expect(await card.textContent()).toContain('Enviado pelo escritório');
      expect(await card.getByText('Novo').count()).toBe(1);

      const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download de Alvará de funcionamento' }).click()]);
      expect(download.suggestedFilename()).toBe('alvara.pdf');
      await card.getByText('Novo').waitFor({ state: 'detached' });
      const after = await seed.call('GET', `/api/documentos/${doc._id}`, master);
      expect(after.data.baixadoClienteEm).not.toBeNull();
    });
  });

  it("uploads with 'Enviar Documento' showing progress, and searches the grid", async () => {
    await withPage(browser, async (page) => {
      const duda = await seed.cliente({ razaoSocial: 'Duda Modas Ltda' });
      await openPortal(page, duda);
      await openTab(page, 'Documentos');
      await page.getByRole('button', { name: 'Enviar Documento' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enviar Documento' });
      await dialog.getByText(/Tipos aceitos: PDF/).waitFor();
      await dialog.getByText(/Tamanho máximo: 20 MB/).waitFor();

      // Slow the upload's answer so the progress can be seen.
      await page.route('**/api/documentos', async (route) => {
        await new Promise((r) => setTimeout(r, 600));
        await route.continue();
      });
      await dialog.getByLabel('Arquivo').setInputFiles({ name: 'balanco-2025.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
      await dialog.getByLabel('Título (opcional)').fill('Balanço 2025');
      await dialog.getByRole('button', { name: 'Enviar' }).click();
      await dialog.getByRole('progressbar', { name: 'Enviando arquivo...' }).waitFor();
      await dialog.getByText('Documento "Balanço 2025" enviado com sucesso.').waitFor();
      await page.unroute('**/api/documentos');
      await dialog.getByRole('button', { name: 'Fechar' }).click();

      await page.getByRole('article', { name: 'Balanço 2025' }).waitFor();
      await page.getByLabel('Buscar', { exact: true }).fill('contrato de locação');
      await page.getByText('Nenhum documento encontrado para esta busca.').waitFor();
      await page.getByLabel('Buscar', { exact: true }).fill('balanço');
      await page.getByRole('article', { name: 'Balanço 2025' }).waitFor();
    });
  });

  it("shows the server's 413 and 415 messages", async () => {
    await withPage(browser, async (page) => {
      await openPortal(page);
      await openTab(page, 'Documentos');
      await page.getByRole('button', { name: 'Enviar Documento' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enviar Documento' });
      const file = dialog.getByLabel('Arquivo');

      await file.setInputFiles({ name: 'grande.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([samplePdf(), Buffer.alloc(DOC_MAX_BYTES)]) });
      await dialog.getByRole('button', { name: 'Enviar' }).click();
      expect(await dialog.getByRole('alert').textContent()).toBe('O arquivo excede o tamanho máximo de 64 KB.');

      await file.setInputFiles({ name: 'falso.pdf', mimeType: 'application/pdf', buffer: Buffer.from('isto não é um PDF') });
      await dialog.getByRole('button', { name: 'Enviar' }).click();
      const alert = dialog.getByRole('alert');
      await alert.filter({ hasText: /PDF/ }).waitFor();
      expect(await alert.textContent()).not.toContain('64 KB');
    });
  });
});

describe('FAQs', () => {
  it('has the four questions, one open at a time, with the spec’s answer on registering a company', async () => {
    await withPage(browser, async (page) => {
      await openPortal(page);
      await openTab(page, 'FAQs');
      const questions = page.locator('.accordion__button');
      expect(await questions.allTextContents()).toEqual([
        'Como acompanho o status da minha solicitação?+',
        'Quanto tempo leva para registrar uma empresa?+',
        'Quais documentos são necessários para uma alteração contratual?+',
        'Como solicito uma certidão?+',
      ]);
      // Only the answers are regions named after their question; the open one is the only visible one.
      const open = page.locator('.accordion [role="region"]:visible');
      expect(await open.count()).toBe(0);
      await page.getByRole('button', { name: 'Quanto tempo leva para registrar uma empresa?' }).click();
      expect(await open.count()).toBe(1);
      expect(await page.getByRole('region', { name: 'Quanto tempo leva para registrar uma empresa?' }).textContent()).toContain('de 5 a 15 dias úteis');
      await page.getByRole('button', { name: 'Como solicito uma certidão?' }).click();
      expect(await open.count()).toBe(1);
      expect(await open.textContent()).toContain('Certidão Simplificada');
      await page.getByRole('button', { name: 'Como solicito uma certidão?' }).click();
      expect(await open.count()).toBe(0);
    });
  });
});

describe('addresses of §2.15 (issue 10)', () => {
  const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
  const pathOf = (page: Page) => new URL(page.url()).pathname;

  it('/cliente/nova-solicitacao, /cliente/novo-documento and /cliente/registro/{id} (now /cliente/registros/{id}) open their screens', async () => {
    await withPage(browser, async (page) => {
      await signInWithToken(page, app, 'cliente', ana.token, ana.data, '/cliente/nova-solicitacao');
      await dialog(page, 'Nova Solicitação').waitFor();
      // The request form states the time from the one table of service levels.
      await dialog(page, 'Nova Solicitação').getByLabel('Serviço').selectOption('abertura-empresas');
      await dialog(page, 'Nova Solicitação').getByText('Prazo estimado: de 5 a 15 dias úteis').waitFor();

      await page.goto(`${app.baseUrl}/cliente/novo-documento`);
      await dialog(page, 'Enviar Documento').waitFor();
      expect(await tab(page, 'Documentos').getAttribute('aria-selected')).toBe('true');

      await page.goto(`${app.baseUrl}/cliente/registro/${registros.pendente._id}`);
      await dialog(page, `Registro ${registros.pendente.numero}`).waitFor();
      expect(pathOf(page)).toBe(`/cliente/registros/${registros.pendente._id}`);
    });
  });

  it('a dialog opened in the portal gets its address; Back closes it and Forward reopens it', async () => {
    await withPage(browser, async (page) => {
      await openPortal(page);
      await page.getByRole('button', { name: `Detalhes do registro ${registros.pendente.numero}` }).first().click();
      await dialog(page, `Registro ${registros.pendente.numero}`).waitFor();
      expect(pathOf(page)).toBe(`/cliente/registros/${registros.pendente._id}`);

      await page.goBack();
      await dialog(page, `Registro ${registros.pendente.numero}`).waitFor({ state: 'detached' });
      expect(pathOf(page)).toBe('/cliente');
      await page.getByRole('heading', { name: /^Olá, / }).waitFor();

      await page.goForward();
      await dialog(page, `Registro ${registros.pendente.numero}`).waitFor();
      await page.getByRole('button', { name: 'Fechar' }).click();
      await dialog(page, `Registro ${registros.pendente.numero}`).waitFor({ state: 'detached' });
      expect(pathOf(page)).toBe('/cliente');
    });
  });
});

describe('on a phone', () => {
  it('nothing scrolls sideways at 360 px, in any tab or dialog', async () => {
    await withPage(
      browser,
      async (page, problems) => {
        await openPortal(page);
        await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 3);
        expect(await overflowingSideways(page)).toEqual([]);
        await look(page, 'portal-360-dashboard');
        for (const name of ['Registros e Solicitações', 'Documentos', 'FAQs']) {
          await openTab(page, name);
          if (name === 'Registros e Solicitações') await page.locator('tbody tr').nth(4).waitFor();
          if (name === 'Documentos') await page.locator('.doc-card').first().waitFor();
          expect(await overflowingSideways(page)).toEqual([]);
          await look(page, `portal-360-${name}`);
        }
        await openTab(page, 'Registros e Solicitações');
        await page.getByRole('button', { name: `Detalhes do registro ${registros.concluido.numero}` }).click();
        await page.locator('.timeline__item').nth(2).waitFor();
        expect(await overflowingSideways(page)).toEqual([]);
        await look(page, 'portal-360-detalhes', false);
        await page.getByRole('button', { name: 'Fechar' }).click();
        await page.getByRole('button', { name: 'Nova Solicitação' }).click();
        await page.getByRole('dialog', { name: 'Nova Solicitação' }).getByLabel('Descrição').waitFor();
        expect(await overflowingSideways(page)).toEqual([]);
        await look(page, 'portal-360-nova', false);
        expectNoPageProblems(problems);
      },
      { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
    );
  });

  it('looks right on a desktop too (1280 px)', async () => {
    await withPage(browser, async (page) => {
      await openPortal(page);
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 3);
      expect(await overflowingSideways(page)).toEqual([]);
      await look(page, 'portal-1280-dashboard');
      await openTab(page, 'Documentos');
      await page.locator('.doc-card').first().waitFor();
      await look(page, 'portal-1280-documentos');
      await openTab(page, 'Registros e Solicitações');
      await page.getByRole('button', { name: `Detalhes do registro ${registros.concluido.numero}` }).click();
      await page.locator('.timeline__item').nth(2).waitFor();
      await look(page, 'portal-1280-detalhes', false);
    });
  });
});
