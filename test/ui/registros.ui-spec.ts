/*
 * Registros from request to completion, across the client area and the staff panel, in Chromium
 * against the built product: the journey (a client asks and attaches, an associado takes
 * it, starts it and uploads the certificate, the client follows and downloads it, the staff see
 * when), and the staff screens: Registros, Meus Registros, Prazos, Documentos.
 *
 * Overdue work needs time to pass: the product first runs 40 days in the past (its clock moved
 * by a preloaded module), takes requests, stops, and runs again today on the same data.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { launchBrowser, type LaunchedBrowser, screenshot, withPage } from '../support/browser';
import { startApp, type RunningApp } from '../support/server';
import { expectNoPageProblems, overflowingSideways, Seed, signInWithToken } from './portal-helpers';

const DAY_MS = 86_400_000;

/** A module that moves the whole process's clock by FAKE_CLOCK_OFFSET_MS. */
const FAKE_CLOCK = `
const offset = Number(process.env.FAKE_CLOCK_OFFSET_MS || 0);
const RealDate = Date;
class FakeDate extends RealDate {
  constructor(...args) { if (args.length === 0) super(RealDate.now() + offset); else super(...args); }
  static now() { return RealDate.now() + offset; }
}
globalThis.Date = FakeDate;
`;

let app: RunningApp;
let chromium: LaunchedBrowser;
let browser: Browser;
let seed: Seed;
let dataDir: string;
let master: string;
let associado: Awaited<ReturnType<Seed['staff']>>;
let diretoria: Awaited<ReturnType<Seed['staff']>>;
/** The client that asked 40 days ago, signed in today. */
let cliente: { token: string; data: any; id: string };
/** Asked 40 days ago with a 3-business-day service: overdue today. */
let atrasado: any;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-ui-registros-'));
  const clockFile = path.join(dataDir, 'fake-clock.cjs');
  fs.writeFileSync(clockFile, FAKE_CLOCK);
  const past = await startApp({ dataDir, env: { NODE_OPTIONS: `--require ${clockFile}`, FAKE_CLOCK_OFFSET_MS: String(-40 * DAY_MS) } });
  try {
    const then = new Seed(past);
    const c = await then.cliente({ razaoSocial: 'Padaria Pão Quente Ltda', email: 'padaria@exemplo.com.br' });
    atrasado = await then.solicitar(c.token, 'certidao-simplificada', 'Certidão simplificada pedida há semanas');
  } finally {
    await past.stop();
  }

  [app, chromium] = await Promise.all([startApp({ dataDir }), launchBrowser()]);
  browser = chromium.browser;
  seed = new Seed(app);
  master = await seed.masterToken();
  associado = await seed.staff(master, 'bruno', 'Bruno Associado', ['Associados']);
  diretoria = await seed.staff(master, 'ana.dir', 'Ana Diretora', ['Diretoria'], true);
  const login = await seed.call('POST', '/api/clientes/login', null, { email: 'padaria@exemplo.com.br', password: 'Cliente!2026' });
  cliente = { token: login.token, data: login.data, id: login.data._id };
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function look(page: Page, name: string) {
  if (!process.env.UI_SCREENSHOTS) return;
  await screenshot(page, name);
}

const asCliente = (page: Page, who: { token: string; data: any } = cliente) =>
  signInWithToken(page, app, 'cliente', who.token, who.data, '/cliente').then(() => page.getByRole('heading', { name: /^Olá, / }).waitFor({ timeout: 15_000 }));

async function asStaff(page: Page, who: { token: string; user: any }, path: string) {
  await signInWithToken(page, app, 'user', who.token, who.user, path);
}

async function masterLogin() {
  return seed.staffLogin(app.masterEmail, app.masterPassword);
}

/** The table row that holds this text (a protocol number). */
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('the journey of a request', () => {
  it('client asks and attaches → associado takes, starts and delivers → client follows and downloads → staff see when', async () => {
    const browserProblems: Parameters<typeof expectNoPageProblems>[0][] = [];
    let numero = '';

    // 1. The client asks for a certificate and attaches its articles of association.
    await withPage(browser, async (page, problems) => {
      browserProblems.push(problems);
      await asCliente(page);
      await page.getByRole('button', { name: /^Nova Solicitação/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Nova Solicitação' });
      await dialog.getByLabel('Serviço').locator('option', { hasText: 'Certidão de Inteiro Teor' }).waitFor({ state: 'attached' });
      await dialog.getByLabel('Serviço').selectOption({ label: 'Certidão de Inteiro Teor' });
      await dialog.getByLabel('Descrição').fill('Preciso da certidão de inteiro teor para abrir conta no banco.');
      await dialog.getByLabel('Documentos (opcional)').setInputFiles({ name: 'contrato-social.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
      await dialog.getByRole('button', { name: 'Enviar solicitação' }).click();
      const done = page.getByRole('dialog', { name: 'Solicitação enviada' });
      await done.getByText('Enviado').waitFor();
      numero = (await done.locator('.success__protocol strong').textContent())!;
    });
    expect(numero).toMatch(/^\d{4}-\d{6}$/);

    // 2. An associado finds it among the unassigned ones, takes it, starts it with a note for the
    //    client, reads the attachment and uploads the certificate.
    await withPage(browser, async (page, problems) => {
      browserProblems.push(problems);
      await asStaff(page, associado, '/painel/meu-registros');
      await page.getByRole('heading', { name: 'Meus Registros', level: 1 }).waitFor({ timeout: 15_000 });
      await page.getByRole('tab', { name: 'Sem responsável' }).click();
      await row(page, numero).getByRole('button', { name: `Assumir ${numero}` }).click();
      await page.getByText(`Você assumiu o registro ${numero}.`).waitFor();
      await page.getByRole('tab', { name: 'Atribuídos a mim' }).click();
      await row(page, numero).click();
      await page.getByRole('heading', { name: `Registro ${numero}`, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/painel\/meu-registros\/[0-9a-f-]{36}$/);
      await page.getByText('Responsável atual: Bruno Associado').waitFor();

      // The client's attachment is there; opening it is recorded for the staff.
      const docs = page.getByRole('list', { name: 'Documentos do registro' });
      await docs.getByText('contrato-social', { exact: true }).waitFor();
      const [attachment] = await Promise.all([page.waitForEvent('download'), docs.getByRole('button', { name: 'Baixar contrato-social' }).click()]);
      expect(attachment.suggestedFilename()).toBe('contrato-social.pdf');
      await docs.getByText(/Aberto pela equipe em/).waitFor();

      // Only the moves of the transition table are offered.
      const status = page.getByRole('region', { name: 'Status' });
      expect(await status.getByRole('radio').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(['andamento', 'recusado', 'cancelado']);
      await status.getByRole('radio', { name: /Em andamento/ }).check();
      await status.getByLabel('Observação (opcional)').fill('Pedido feito na Junta Comercial.');
      await status.getByLabel(/visível para o cliente/).check();
      await status.getByRole('button', { name: 'Alterar status' }).click();
      await page.getByText('Status alterado para Em andamento.').waitFor();
      await page.locator('h1 + .MuiChip-root', { hasText: 'Em andamento' }).waitFor();

      // An internal note too: the client must not see it.
      await status.getByRole('radio', { name: /Pendente/ }).waitFor();
      const historico = page.getByRole('list', { name: 'Histórico' });
      await historico.getByText('Pedido feito na Junta Comercial.').waitFor();

      await page.getByRole('region', { name: 'Documentos' }).getByRole('button', { name: 'Enviar documento' }).click();
      const upload = page.getByRole('dialog', { name: 'Enviar documento' });
      await upload.getByText(`Registro ${numero}`).waitFor();
      await upload.getByLabel('Título (opcional)').fill('Certidão de Inteiro Teor');
      await upload.getByLabel('Arquivo').setInputFiles({ name: 'certidao-inteiro-teor.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
      await upload.getByRole('button', { name: 'Enviar', exact: true }).click();
      await page.getByText('Documento "Certidão de Inteiro Teor" enviado.').waitFor();
      await docs.getByText('Ainda não baixado pelo cliente').waitFor();
      await look(page, 'registro-detalhe-1280');
    });

    // 3. The client sees the timeline with the note meant for it, and downloads the certificate.
    await withPage(browser, async (page, problems) => {
      browserProblems.push(problems);
      await asCliente(page);
      await page.getByRole('button', { name: `Detalhes do registro ${numero}` }).click();
      const dialog = page.getByRole('dialog', { name: `Registro ${numero}` });
      const timeline = dialog.locator('.timeline__item');
      await timeline.nth(1).waitFor();
      expect(await timeline.count()).toBe(2);
      expect(await timeline.nth(1).textContent()).toContain('Status: Em andamento');
      expect(await timeline.nth(1).textContent()).toContain('Pedido feito na Junta Comercial.');
      expect(await timeline.nth(1).textContent()).toContain('por Bruno Associado');
      expect(await dialog.textContent()).toContain('Bruno Associado');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download de Certidão de Inteiro Teor' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('certidao-inteiro-teor.pdf');
    });

    // 4. The staff side shows when the client downloaded it: in the registro and in Documentos.
    await withPage(browser, async (page, problems) => {
      browserProblems.push(problems);
      await asStaff(page, associado, '/painel/documentos');
      await page.getByRole('heading', { name: 'Documentos', level: 1 }).waitFor({ timeout: 15_000 });
      const certRow = row(page, 'Certidão de Inteiro Teor');
      await certRow.getByText(/^Baixado pelo cliente em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).waitFor();
      expect(await certRow.textContent()).toContain(numero);
      expect(await certRow.textContent()).toContain('Padaria Pão Quente Ltda');

      await page.goto(`${app.baseUrl}/painel/meu-registros`);
      await row(page, numero).click();
      await page
        .getByRole('list', { name: 'Documentos do registro' })
        .getByText(/^Baixado pelo cliente em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
        .waitFor();
    });

    for (const problems of browserProblems) expectNoPageProblems(problems);
  });
});

describe('staff screens', () => {
  it('Prazos lists open registros by due date and highlights overdue and close ones', async () => {
    const hoje = await seed.solicitar(cliente.token, 'certidao-simplificada', 'Certidão simplificada para licitação');
    const longo = await seed.solicitar(cliente.token, 'abertura-empresas', 'Abertura de filial');
    await withPage(browser, async (page, problems) => {
      await asStaff(page, associado, '/painel/prazos');
      await page.getByRole('heading', { name: 'Prazos', level: 1 }).waitFor({ timeout: 15_000 });
      const late = row(page, atrasado.numero);
      await late.getByText(/^Vencido há \d+ dias úteis$/).waitFor();
      expect(await row(page, hoje.numero).textContent()).toContain('Vence em 3 dias úteis');
      expect(await row(page, longo.numero).textContent()).toContain('15 dias úteis restantes');
      // Soonest first: the overdue one leads.
      const order = await page.locator('tbody tr td.column-numero').allTextContents();
      expect(order.indexOf(atrasado.numero)).toBeLessThan(order.indexOf(hoje.numero));
      expect(order.indexOf(hoje.numero)).toBeLessThan(order.indexOf(longo.numero));
      // Highlighted: a red overdue date, an amber close one.
      const colour = (numero: string) => row(page, numero).locator('td.column-prazo p').first().evaluate((el) => getComputedStyle(el).color);
      expect(await colour(atrasado.numero)).not.toBe(await colour(longo.numero));
      expect(await colour(hoje.numero)).not.toBe(await colour(longo.numero));
      expect(await colour(atrasado.numero)).not.toBe(await colour(hoje.numero));
      await look(page, 'prazos-1280');

      await page.getByRole('tab', { name: 'Vencidos' }).click();
      await page.waitForFunction((n) => [...document.querySelectorAll('tbody tr td.column-numero')].map((td) => td.textContent).join() === n, atrasado.numero);
      await page.getByRole('tab', { name: 'Vencem em até 3 dias úteis' }).click();
      await row(page, hoje.numero).waitFor();
      expect(await row(page, longo.numero).count()).toBe(0);
      expectNoPageProblems(problems);
    });
  });

  it('Registros shows the board every registro, filters on the server, and refuses an associado', async () => {
    const r = await seed.solicitar(cliente.token, 'baixa-empresas', 'Baixa da empresa antiga');
    await withPage(browser, async (page) => {
      await asStaff(page, diretoria, '/painel/registros');
      await page.getByRole('heading', { name: 'Registros', level: 1 }).waitFor({ timeout: 15_000 });
      await row(page, atrasado.numero).waitFor();
      await page.getByRole('searchbox', { name: 'Buscar por protocolo, cliente ou CNPJ' }).fill(r.numero);
      await page.waitForFunction((n) => [...document.querySelectorAll('tbody tr td.column-numero')].map((td) => td.textContent).join() === n, r.numero);
      await page.getByRole('searchbox', { name: 'Buscar por protocolo, cliente ou CNPJ' }).fill('');
      await page.getByRole('checkbox', { name: 'Somente vencidos' }).check();
      await page.waitForFunction((n) => [...document.querySelectorAll('tbody tr td.column-numero')].map((td) => td.textContent).join() === n, atrasado.numero);
      await page.getByRole('checkbox', { name: 'Somente vencidos' }).uncheck();
      await page.getByRole('tab', { name: 'Concluído' }).click();
      await page.getByText('Nenhum registro encontrado para esta busca.').waitFor();

      // Diretoria assigns it to the associado, with a note kept internal.
      await page.getByRole('tab', { name: 'Todos' }).click();
      await row(page, r.numero).click();
      await page.getByRole('heading', { name: `Registro ${r.numero}`, level: 1 }).waitFor();
      await page.getByRole('combobox', { name: 'Atribuir a' }).click();
      await page.getByRole('option', { name: 'Bruno Associado' }).click();
      await page.getByRole('button', { name: 'Atribuir', exact: true }).click();
      await page.getByText('Responsável atual: Bruno Associado').waitFor();
      const status = page.getByRole('region', { name: 'Status' });
      await status.getByRole('radio', { name: /Recusado/ }).check();
      // A refusal is something the client reads: the box comes checked, and is unchecked here on purpose.
      expect(await status.getByLabel(/visível para o cliente/).isChecked()).toBe(true);
      await status.getByLabel(/visível para o cliente/).uncheck();
      await status.getByLabel('Observação (opcional)').fill('Cliente com pendência financeira.');
      await status.getByRole('button', { name: 'Alterar status' }).click();
      await page.getByText('Registro Recusado: o status não muda mais.').waitFor();
      await page.getByRole('list', { name: 'Histórico' }).getByText('Interna').waitFor();
    });
    const seen = await seed.call('GET', `/api/registros/${r._id}`, cliente.token);
    expect(JSON.stringify(seen.data.historico)).not.toContain('pendência financeira');

    await withPage(browser, async (page) => {
      await asStaff(page, associado, '/painel/registros');
      await page.getByText('Você não tem permissão para acessar esta página.').waitFor({ timeout: 15_000 });
    });
  });

  it("an associado does not see a colleague's registro at all (issue 9: one record-access rule)", async () => {
    const other = await seed.staff(master, 'carla', 'Carla Associada', ['Associados']);
    const r = await seed.solicitar(cliente.token, 'consultoria', 'Consultoria tributária');
    await seed.call('PUT', `/api/registros/${r._id}/responsavel`, other.token, { responsavelId: other.user._id });
    await withPage(browser, async (page) => {
      await asStaff(page, associado, `/painel/prazos/${r._id}`);
      await page.getByText('Registro não encontrado.').waitFor({ timeout: 15_000 });
      expect(await page.getByRole('heading', { name: `Registro ${r.numero}`, level: 1 }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Alterar status' }).count()).toBe(0);
    });
  });

  it('a financeiro reads the board but is offered neither Assumir, a status change, an upload nor a bulk action', async () => {
    const financeiro = await seed.staff(master, 'dora.fin', 'Dora Financeiro', ['Financeiro']);
    const r = await seed.solicitar(cliente.token, 'certidao-simplificada', 'Certidão para o banco');
    await withPage(browser, async (page) => {
      await asStaff(page, financeiro, '/painel/registros');
      await row(page, r.numero).waitFor({ timeout: 15_000 });
      expect(await row(page, r.numero).getByRole('checkbox').count()).toBe(0);
      await row(page, r.numero).click();
      await page.getByRole('heading', { name: `Registro ${r.numero}`, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/painel/registros/${r._id}`);
      await page.getByText('Responsável atual: ninguém').waitFor();
      await page.getByText('Apenas o responsável, a Diretoria ou o Master alteram o status.', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Assumir este registro' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Alterar status' }).count()).toBe(0);
      expect(await page.getByRole('region', { name: 'Documentos' }).getByRole('button', { name: 'Enviar documento' }).count()).toBe(0);
      // Meus Registros (where Assumir lives) is not a financeiro's screen.
      await page.goto(`${app.baseUrl}/painel/meu-registros`);
      await page.getByText('Você não tem permissão para acessar esta página.').waitFor({ timeout: 15_000 });
      expect(await page.getByRole('button', { name: /^Assumir/ }).count()).toBe(0);
    });
  });

  it('Documentos uploads a document for a client, with progress, and filters by client', async () => {
    const outro = await seed.cliente({ razaoSocial: 'Oficina Bom Motor Ltda' });
    const m = await masterLogin();
    await withPage(browser, async (page, problems) => {
      await asStaff(page, m, '/painel/documentos');
      await page.getByRole('heading', { name: 'Documentos', level: 1 }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Enviar documento' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enviar documento' });
      await dialog.getByText(/Tipos aceitos: PDF/).waitFor();
      await dialog.getByRole('combobox', { name: 'Cliente' }).fill('Bom Motor');
      await page.getByRole('option', { name: /Oficina Bom Motor Ltda/ }).click();
      await dialog.getByLabel('Título (opcional)').fill('Alvará 2026');
      await dialog.getByLabel('Arquivo').setInputFiles({ name: 'alvara.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
      await page.route('**/api/documentos', async (route) => {
        await new Promise((r) => setTimeout(r, 600));
        await route.continue();
      });
      await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
      await dialog.getByRole('progressbar', { name: 'Progresso do envio' }).waitFor();
      await page.getByText('Documento "Alvará 2026" enviado para Oficina Bom Motor Ltda.').waitFor();
      await page.unroute('**/api/documentos');
      await row(page, 'Alvará 2026').getByText('Ainda não baixado pelo cliente').waitFor();

      // A file whose content is not what its name says is refused with the server's message.
      await page.getByRole('button', { name: 'Enviar documento' }).click();
      await dialog.getByRole('combobox', { name: 'Cliente' }).fill('Bom Motor');
      await page.getByRole('option', { name: /Oficina Bom Motor Ltda/ }).click();
      await dialog.getByLabel('Arquivo').setInputFiles({ name: 'falso.pdf', mimeType: 'application/pdf', buffer: Buffer.from('não sou um PDF') });
      await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
      await dialog.getByRole('alert').filter({ hasText: /PDF/ }).waitFor();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('combobox', { name: 'Cliente' }).fill('Bom Motor');
      await page.getByRole('option', { name: 'Oficina Bom Motor Ltda' }).click();
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
      expect(await page.locator('tbody tr').textContent()).toContain('Alvará 2026');
      await look(page, 'documentos-1280');
      // The client filter is in the URL: a reload keeps it (and the client's name in the box).
      await page.waitForURL((u) => (u.searchParams.get('filter') ?? '').includes('clienteId'));
      await page.reload();
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1, undefined, { timeout: 15_000 });
      await page.waitForFunction(() => (document.querySelector('input[role="combobox"]') as HTMLInputElement | null)?.value === 'Oficina Bom Motor Ltda');
      expect(await page.locator('tbody tr').textContent()).toContain('Alvará 2026');
      // Exportar: the filtered list (this client's one document) as a pt-BR CSV.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
      expect(download.suggestedFilename()).toBe('documentos.csv');
      const lines = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('Documento;Tipo;Arquivo;Tamanho;Cliente;Registro;Enviado por;Enviado em;Entrega');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(/^Alvará 2026;PDF;alvara\.pdf;[^;]+;Oficina Bom Motor Ltda;;Administrador Master \(escritório\);\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};Ainda não baixado pelo cliente$/);
      expectNoPageProblems(problems, [/status of 415/]);
    });
    const docs = await seed.call('GET', '/api/documentos/me', outro.token);
    expect(docs.data).toEqual([expect.objectContaining({ titulo: 'Alvará 2026', enviadoPor: 'equipe', baixadoClienteEm: null })]);
  });

  it('the staff screens fit a 360 px phone', async () => {
    await withPage(
      browser,
      async (page) => {
        await asStaff(page, associado, '/painel/prazos');
        await row(page, atrasado.numero).waitFor({ timeout: 15_000 });
        expect(await overflowingSideways(page)).toEqual([]);
        await look(page, 'prazos-360');
        await row(page, atrasado.numero).click();
        await page.getByRole('heading', { name: `Registro ${atrasado.numero}`, level: 1 }).waitFor();
        expect(await overflowingSideways(page)).toEqual([]);
        await look(page, 'registro-detalhe-360');
        await page.goto(`${app.baseUrl}/painel/documentos`);
        await page.getByRole('heading', { name: 'Documentos', level: 1 }).waitFor();
        await page.locator('tbody tr').first().waitFor();
        expect(await overflowingSideways(page)).toEqual([]);
      },
      { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
    );
    // The board's Registros (more filters, a selection column) and Mensagens fit too.
    await withPage(
      browser,
      async (page) => {
        await asStaff(page, diretoria, '/painel/registros');
        await row(page, atrasado.numero).waitFor({ timeout: 15_000 });
        expect(await overflowingSideways(page)).toEqual([]);
        await look(page, 'registros-360');
        await page.goto(`${app.baseUrl}/painel/mensagens`);
        await page.getByRole('heading', { name: 'Mensagens', level: 1 }).waitFor();
        await page.getByText('Nenhuma mensagem recebida').waitFor();
        expect(await overflowingSideways(page)).toEqual([]);
      },
      { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
    );
  });
});
