/*
 * What a client sees, finished (issue 58), in Chromium at 1,366 and 360 px: "Aguardando você" as the
 * portal's own action list, the header's buttons side by side on a phone, Financeiro's cards in the
 * page's grid titled by their registro, and axe-core with no violation on every portal screen.
 * Layout is asserted through computed styles and boxes, never pixels; the screenshots are kept in
 * test-results/ for a person to look at.
 */
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { launchBrowser, type LaunchedBrowser, screenshot, withPage } from '../support/browser';
import { startApp, type RunningApp } from '../support/server';
import { type Cliente, expectNoPageProblems, overflowingSideways, Seed, signInWithToken } from './portal-helpers';

let app: RunningApp;
let chromium: LaunchedBrowser;
let browser: Browser;
let seed: Seed;
let ana: Cliente & { token: string; data: any };
let certidao: any;

beforeAll(async () => {
  [app, chromium] = await Promise.all([startApp({ timeoutMs: 120_000 }), launchBrowser()]);
  browser = chromium.browser;
  seed = new Seed(app);
  const master = await seed.masterToken();
  const tipo = await seed.call('POST', '/api/tipos-cliente', master, { nome: 'Microempresa', ativo: true, servicos: [{ nome: 'Certidão Simplificada', valor: 120 }] });
  ana = await seed.cliente({ razaoSocial: 'Padaria Pão Quente Ltda' });
  await seed.call('PUT', `/api/clientes/${ana.id}`, master, { tipoClienteId: tipo.data._id });
  // An abertura asks for its checklist documents ("Aguardando você"); a priced certidão is charged.
  await seed.solicitar(ana.token, 'abertura-empresas', 'Abertura de filial em Campinas');
  certidao = await seed.solicitar(ana.token, 'certidao-simplificada', 'Certidão para o banco');
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
});

async function openPortal(page: Page, path = '/cliente') {
  await signInWithToken(page, app, 'cliente', ana.token, ana.data, path);
  await page.getByRole('heading', { name: /^Olá, |^Financeiro$|^Registros|^Documentos|^Agenda|^Perguntas/ }).first().waitFor({ timeout: 15_000 });
}

/** The computed styles that tell a styled control from the browser's native grey button. */
async function looks(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const s = getComputedStyle(el);
      return {
        background: s.backgroundColor,
        radius: s.borderTopLeftRadius,
        border: s.borderTopStyle,
        font: s.fontFamily === getComputedStyle(document.body).fontFamily,
        cursor: s.cursor,
        align: s.textAlign,
        width: Math.round(el.getBoundingClientRect().width),
        listWidth: Math.round(el.closest('ul')!.getBoundingClientRect().width),
      };
    }),
  );
}

/** How many lines a control's text takes (1: it does not wrap). */
const lines = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
  });

describe.each([
  ['1366 px', { width: 1366, height: 900 }],
  ['360 px', { width: 360, height: 780 }],
])('the dashboard at %s', (label, viewport) => {
  it('"Aguardando você" is the portal\'s action list and the header\'s buttons sit side by side', async () => {
    await withPage(
      browser,
      async (page, problems) => {
        await openPortal(page);
        const aguardando = page.getByRole('region', { name: 'Aguardando você' });
        await aguardando.getByRole('button', { name: /Enviar documento.*Documento de identidade e CPF de cada sócio/ }).waitFor();
        const acoes = await looks(page, '.acoes .acao');
        expect(acoes.length).toBeGreaterThan(0);
        for (const a of acoes) {
          // A white card with a rounded border in the page's font, the width of the list: not a grey native button.
          expect(a).toMatchObject({ background: 'rgb(255, 255, 255)', radius: '8px', border: 'solid', font: true, cursor: 'pointer', align: 'left' });
          expect(a.width).toBe(a.listWidth);
        }
        const tag = await aguardando.locator('.acao__tag').first().evaluate((el) => getComputedStyle(el).backgroundColor);
        expect(tag).not.toBe('rgba(0, 0, 0, 0)');
        expect(await overflowingSideways(page)).toEqual([]);

        // "Novidades", "Meus dados" and "Sair": one line each, on the same row, apart.
        const novidades = (await page.getByRole('button', { name: /^Novidades/ }).boundingBox())!;
        const meus = (await page.getByRole('button', { name: 'Meus dados', exact: true }).boundingBox())!;
        const sair = (await page.getByRole('button', { name: 'Sair', exact: true }).boundingBox())!;
        expect(Math.abs(meus.y - sair.y)).toBeLessThan(2);
        expect(Math.abs(novidades.y - meus.y)).toBeLessThan(2);
        expect(meus.x - (novidades.x + novidades.width)).toBeGreaterThanOrEqual(8);
        expect(sair.x - (meus.x + meus.width)).toBeGreaterThanOrEqual(8);
        expect(sair.x + sair.width).toBeLessThanOrEqual(viewport.width);
        expect(await lines(page, 'Meus dados')).toBe(1);
        expect(await lines(page, 'Sair')).toBe(1);

        expect(await screenshot(page, `portal-aguardando-${label.replace(' ', '')}`)).not.toBeNull();
        expectNoPageProblems(problems);
      },
      { viewport },
    );
  });
});

it('Financeiro at 1366 px: the charge fills the page\'s grid, titled by its registro, not by its lines joined with commas', async () => {
  await withPage(
    browser,
    async (page, problems) => {
      await openPortal(page, '/cliente/financeiro');
      const card = page.getByRole('article', { name: 'Cobrança de R$ 120,00' });
      await card.waitFor();
      const title = await card.getByRole('heading', { level: 2 }).textContent();
      expect(title).toBe(`Registro ${certidao.numero}`);
      expect(title).not.toContain(',');
      const box = await card.evaluate((el) => {
        const grid = el.parentElement!.getBoundingClientRect();
        const panel = el.closest('.tab-panel')!.getBoundingClientRect();
        const s = getComputedStyle(el);
        return { card: el.getBoundingClientRect().width, grid: grid.width, panel: panel.width, background: s.backgroundColor, radius: s.borderTopLeftRadius };
      });
      // One charge: the whole row, not a ~280 px column beside an empty page.
      expect(box.grid).toBeGreaterThan(box.panel * 0.95);
      expect(box.card).toBeGreaterThan(box.grid * 0.95);
      expect(box).toMatchObject({ background: 'rgb(255, 255, 255)', radius: '8px' });
      expect(await overflowingSideways(page)).toEqual([]);
      await screenshot(page, 'portal-financeiro-1366');
      expectNoPageProblems(problems);
    },
    { viewport: { width: 1366, height: 900 } },
  );
});

const SCREENS = () => ['/cliente', '/cliente/registros', `/cliente/registros/${certidao._id}`, '/cliente/nova-solicitacao', '/cliente/documentos', '/cliente/novo-documento', '/cliente/financeiro', '/cliente/agenda', '/cliente/faq', '/cliente/meus-dados', '/cliente/novidades'];

/** Addresses that open a dialog over their tab. */
const opensDialog = (path: string) => /\/registros\/.|nova-solicitacao|novo-documento|meus-dados|novidades/.test(path);

it.each([
  ['1366 px', { width: 1366, height: 900 }],
  ['360 px', { width: 360, height: 780 }],
])(
  'axe-core finds no violation (WCAG 2.0/2.1 A and AA, best practices, every impact) on any portal screen at %s',
  async (_label, viewport) => {
    await withPage(
      browser,
      async (page) => {
        const found: string[] = [];
        await openPortal(page);
        for (const path of SCREENS()) {
          await page.goto(app.baseUrl + path);
          await page.getByRole('tablist').waitFor({ timeout: 15_000 });
          await page.waitForLoadState('networkidle');
          if (opensDialog(path)) await page.getByRole('dialog').waitFor();
          for (const v of await axeViolations(page)) found.push(`${path}: ${v}`);
        }
        expect(found).toEqual([]);
      },
      { viewport, bypassCSP: true },
    );
  },
  600_000,
);
