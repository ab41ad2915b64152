/*
 * The portal's first screen (issue 58, ADR 0059): the built index.html carries the area's frame
 * (header, tabs, 'Carregando...') and its stylesheet, so a phone paints it before any script; the
 * entry chunk holds the frame's code only, under a stated budget, each screen in a chunk of its
 * own fetched for the address; and the app takes over in the frame's very boxes. Sizes are read
 * from the build's files (gzip, as the server sends them), never timed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../support/axe';
import { launchBrowser, type LaunchedBrowser, withPage } from '../support/browser';
import { ROOT, startApp, type RunningApp } from '../support/server';
import { type Cliente, expectNoPageProblems, Seed, signInWithToken } from './portal-helpers';

const DIST = path.join(ROOT, 'client-portal', 'dist');
/**
 * ADR 0059, gzip. The entry, the one script that runs before the app's code: plain code, no React, 7.2 KB
 * when written (it starts the session check). What index.html preloads beside it at low priority is the
 * code that draws the app (react-dom, React, react-router, TanStack Query, the frame's components): with
 * the entry, the code before the first screen (101.5 KB). The screens (~20 KB) stay out of both. Before
 * the split, one 110.1 KB chunk, all of it before the first paint.
 */
const ENTRY_BUDGET_KB = 10;
const FIRST_SCREEN_BUDGET_KB = 104;
const TAB_LABELS = ['Dashboard', 'Registros e Solicitações', 'Documentos', 'Financeiro', 'Agenda', 'FAQs'];

const indexHtml = () => fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
/** The entry script of index.html. */
const entryFile = (html: string) => [...html.matchAll(/<script type="module"[^>]* src="\/cliente\/([^"]+)"/g)].map((m) => m[1]);
/** What index.html preloads beside the entry: the code that draws the app. */
const preloadedFiles = (html: string) => [...html.matchAll(/<link rel="modulepreload"[^>]* href="\/cliente\/([^"]+)"/g)].map((m) => m[1]);

let app: RunningApp;
let chromium: LaunchedBrowser;
let browser: Browser;
let ana: Cliente & { token: string; data: any };

beforeAll(async () => {
  [app, chromium] = await Promise.all([startApp(), launchBrowser()]);
  browser = chromium.browser;
  ana = await new Seed(app).cliente({ razaoSocial: 'Padaria Pão Quente Ltda' });
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
});

describe('the built index.html', () => {
  it('carries the frame, the stylesheet inline and its scripts at low priority: nothing to fetch before the first paint', () => {
    const html = indexHtml();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('class="portal-header"');
    expect(root).toContain('Veritas Assessoria Empresarial');
    for (const label of TAB_LABELS) expect(root).toContain(`>${label}</a>`);
    expect(root).toContain('<h1 class="visually-hidden">Área do Cliente</h1><p class="loading" role="status">Carregando...</p>');
    expect(html).toMatch(/<style>[^<]*\.portal-header\{/);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const scripts = [...html.matchAll(/<(script|link rel="modulepreload")[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain('fetchpriority="low"');
  });

  it(`runs at most ${ENTRY_BUDGET_KB} KB gzip of script, without React, before the app's code, and preloads at most ${FIRST_SCREEN_BUDGET_KB} KB with it for the first screen, no screen's code`, () => {
    const gzipKb = (body: Buffer) => gzipSync(body, { level: 6 }).length / 1024;
    const html = indexHtml();
    const entry = entryFile(html);
    expect(entry).toHaveLength(1);
    const entryCode = fs.readFileSync(path.join(DIST, entry[0]));
    expect(gzipKb(entryCode)).toBeLessThanOrEqual(ENTRY_BUDGET_KB);
    // No React in the entry: no element factory, no root.
    expect(entryCode.toString('utf8')).not.toMatch(/react\.(transitional\.)?element|createRoot/);
    const preloaded = preloadedFiles(html).map((file) => fs.readFileSync(path.join(DIST, file)));
    expect(preloaded.length).toBeGreaterThan(0);
    // The preloaded code is what draws the app: react-dom's root among it.
    expect(preloaded.some((body) => body.toString('utf8').includes('createRoot'))).toBe(true);
    const code = [entryCode, ...preloaded];
    expect(code.reduce((sum, body) => sum + gzipKb(body), 0)).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_KB);
    // Words only a screen has (the dashboard's recent list, the FAQ's title, Meus dados' sections).
    const text = code.map((body) => body.toString('utf8')).join('\n');
    for (const screenText of ['Registros recentes', 'Perguntas Frequentes', 'Cópia dos seus dados']) expect(text).not.toContain(screenText);
    // Each screen a chunk of its own.
    const chunks = fs.readdirSync(path.join(DIST, 'assets'));
    for (const screen of ['Dashboard', 'RegistrosTab', 'RegistroDialog', 'FinanceiroTab', 'Faqs', 'MeusDados']) {
      expect(chunks.some((name) => name.startsWith(`${screen}-`) && name.endsWith('.js'))).toBe(true);
    }
  });
});

/**
 * The boxes of the header, its title, the tab strip and each tab, as on screen, and the height of the
 * row of buttons (its width follows the unread count on Novidades, which the frame cannot know).
 */
function frameBoxes(page: Page) {
  return page.evaluate(() =>
    ['.portal-header', '.portal-header__title', '.portal-header__acoes', '.tabs', '.tabs__tab'].flatMap((selector) =>
      [...document.querySelectorAll(selector)].map((el) => {
        const r = el.getBoundingClientRect();
        if (selector === '.portal-header__acoes') return `${selector} y ${Math.round(r.y)} altura ${Math.round(r.height)}`;
        return `${selector} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      }),
    ),
  );
}

describe.each([
  ['1366 px', { width: 1366, height: 900 }],
  ['360 px', { width: 360, height: 780 }],
])('in Chromium at %s', (_label, viewport) => {
  it('without its scripts the page is the frame: the status for assistive technology, the rest hidden from it, no axe violation', async () => {
    await withPage(
      browser,
      async (page) => {
        await page.route('**/cliente/assets/*.js', (route) => route.abort());
        await page.goto(`${app.baseUrl}/cliente/registros`);
        await page.getByRole('status').filter({ hasText: 'Carregando...' }).waitFor();
        await page.getByText('Veritas Assessoria Empresarial').waitFor();
        for (const label of TAB_LABELS) expect(await page.getByText(label, { exact: true }).isVisible()).toBe(true);
        // A picture of the header and the tabs until the app is in: no button, link or tab to reach.
        expect(await page.getByRole('button').count()).toBe(0);
        expect(await page.getByRole('link').count()).toBe(0);
        expect(await page.getByRole('tab').count()).toBe(0);
        expect(await axeViolations(page)).toEqual([]);
      },
      { viewport, bypassCSP: true },
    );
  });

  it('the app takes over in the frame’s boxes, loading the code of the address’s screens only', async () => {
    const frame = await withPage(
      browser,
      async (page) => {
        await page.route('**/cliente/assets/*.js', (route) => route.abort());
        await page.goto(`${app.baseUrl}/cliente/faq`);
        await page.getByRole('status').filter({ hasText: 'Carregando...' }).waitFor();
        return frameBoxes(page);
      },
      { viewport },
    );
    await withPage(
      browser,
      async (page, problems) => {
        const scripts: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
        });
        await signInWithToken(page, app, 'cliente', ana.token, ana.data, '/cliente/faq');
        await page.getByRole('heading', { name: 'Perguntas Frequentes', level: 1 }).waitFor({ timeout: 15_000 });
        expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('FAQs');
        expect(await frameBoxes(page)).toEqual(frame);
        expect(scripts.some((s) => /\/Faqs-[^/]+\.js$/.test(s))).toBe(true);
        expect(scripts.filter((s) => /\/(Dashboard|RegistroDialog|MeusDados|FinanceiroTab)-[^/]+\.js$/.test(s))).toEqual([]);
        // A dialog's code comes when it opens: Meus dados, over the dashboard.
        await page.getByRole('button', { name: 'Meus dados' }).click();
        await page.getByRole('dialog', { name: 'Meus dados' }).waitFor();
        expect(scripts.some((s) => /\/MeusDados-[^/]+\.js$/.test(s))).toBe(true);
        expectNoPageProblems(problems);
      },
      { viewport },
    );
  });
});
