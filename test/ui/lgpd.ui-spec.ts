/*
 * Issue 16's journey in the browser: a client downloads a copy of its data from "Meus dados" and
 * asks for the erasure; the board approves it in "Solicitações de titulares"; the client can no
 * longer sign in, and its registros remain in the panel under the anonymised name. /privacidade
 * names the encarregado and the contact messages' retention.
 */
import * as fs from 'node:fs';
import JSZip from 'jszip';
import type { Browser } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser, withPage } from '../support/browser';
import { startApp, type RunningApp } from '../support/server';
import { notified, openPanel } from './painel-helpers';
import { Seed, signInWithToken } from './portal-helpers';

let app: RunningApp;
let chromium: LaunchedBrowser;
let browser: Browser;
let seed: Seed;

beforeAll(async () => {
  [app, chromium] = await Promise.all([startApp(), launchBrowser()]);
  browser = chromium.browser;
  seed = new Seed(app);
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
});

it('a client downloads its data and asks for erasure; the board approves; the client cannot sign in and its registros remain anonymised', async () => {
  const master = await seed.masterToken();
  const diretoria = await seed.staff(master, 'dir.lia', 'Lia Diretora', ['Diretoria'], true);
  const ana = await seed.cliente({ razaoSocial: 'Padaria Pão Quente Ltda' });
  const registro = await seed.solicitar(ana.token, 'abertura-empresas', 'Abertura da padaria');
  const anonimo = `Titular anonimizado #${ana.id.slice(0, 8)}`;

  await withPage(browser, async (page, problems) => {
    await signInWithToken(page, app, 'cliente', ana.token, ana.data, '/cliente');
    await page.getByRole('button', { name: 'Meus dados' }).click();
    const dialog = page.getByRole('dialog', { name: 'Meus dados' });
    await dialog.getByRole('button', { name: 'Gerar cópia dos meus dados' }).click();
    const baixar = dialog.getByRole('button', { name: 'Baixar cópia (ZIP)' });
    await baixar.waitFor({ timeout: 20_000 });
    const download = page.waitForEvent('download');
    await baixar.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^meus-dados-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await JSZip.loadAsync(fs.readFileSync((await file.path())!));
    const cadastro = JSON.parse(await zip.file('cadastro.json')!.async('string'));
    expect(cadastro).toMatchObject({ _id: ana.id, razaoSocial: 'Padaria Pão Quente Ltda' });
    const registros = JSON.parse(await zip.file('registros.json')!.async('string'));
    expect(registros.map((r: any) => r.numero)).toEqual([registro.numero]);

    await dialog.getByLabel('Motivo (opcional)').fill('Encerramos as atividades.');
    await dialog.getByRole('button', { name: 'Pedir a eliminação dos meus dados' }).click();
    await dialog.getByRole('button', { name: 'Sim, pedir a eliminação' }).click();
    await dialog.getByText('O seu pedido de eliminação está com a equipe').waitFor();
    await dialog.getByRole('cell', { name: 'Eliminação de dados' }).waitFor();
    expect(problems.pageErrors).toEqual([]);
    expect(problems.cspViolations).toEqual([]);
  });

  await withPage(browser, async (page, problems) => {
    await openPanel(page, app, { token: diretoria.token, user: diretoria.user } as any, '/painel/clientes');
    await page.getByRole('link', { name: 'Solicitações de titulares' }).click();
    await page.getByRole('heading', { level: 1, name: 'Solicitações de titulares' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Eliminação de dados' });
    await row.getByText('Padaria Pão Quente Ltda').waitFor();
    // The art. 19 II clock: 15 days from the request, rounded up (minutes after it, still 15).
    await row.getByText('faltam 15 dias').waitFor();
    await row.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Encerramos as atividades.').waitFor();
    await dialog.getByRole('button', { name: 'Recusar' }).click();
    await dialog.getByRole('button', { name: 'Recusar pedido' }).click();
    await dialog.getByText('Informe o motivo da recusa.').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.getByRole('button', { name: 'Aprovar' }).click();
    await dialog.getByText(/anonimiza os dados pessoais/).waitFor();
    await dialog.getByRole('button', { name: 'Aprovar pedido' }).click();
    await notified(page, 'Solicitação aprovada; a resposta foi enviada ao cliente.');

    // The registro remains, under the anonymised name.
    await page.goto(`${app.baseUrl}/painel/registros`);
    const linha = page.getByRole('row').filter({ hasText: registro.numero });
    await linha.getByText(anonimo).waitFor();
    expect(await page.getByText('Padaria Pão Quente Ltda').count()).toBe(0);
    expect(problems.pageErrors).toEqual([]);
  });

  await withPage(browser, async (page) => {
    // The session it had is over, and its password no longer opens the area.
    await signInWithToken(page, app, 'cliente', ana.token, ana.data, '/cliente');
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await page.getByLabel('E-mail').fill(ana.email);
    await page.getByLabel('Senha').fill(ana.password);
    await page.locator('form').getByRole('button', { name: 'Entrar' }).click();
    const alert = page.getByRole('alert').filter({ hasText: /\S/ }).first();
    await alert.waitFor({ timeout: 10_000 });
    expect((await alert.textContent())?.trim()).toBe('Email ou senha inválidos.');
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

it('/privacidade names the encarregado and the contact messages\' retention', async () => {
  await withPage(browser, async (page) => {
    await page.goto(`${app.baseUrl}/privacidade`);
    await page.getByRole('heading', { name: 'Encarregado pelo tratamento de dados pessoais' }).waitFor();
    expect(await page.locator('.legal__dpo').textContent()).toMatch(/O encarregado \(LGPD, art\. 41\) é .+, que atende pelo e-mail \S+@\S+\./);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Formulário de contato' }) });
    expect(await row.textContent()).toContain('365 dias depois do envio; depois disso a mensagem é apagada automaticamente.');
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidade' }).getAttribute('href')).toBe('/privacidade');
  });
});
