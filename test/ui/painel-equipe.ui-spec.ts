/*
 * Equipe (issue 13) in the browser: the board sees the team's figures as the API counts them
 * (sorted and exported), records an absence, reassigns a person's registros in bulk (each
 * registro's history shows it), an absent person is not offered for assignment, nor anyone who
 * does not work registros (issue 52), and the screen fits 1,366 and 360 px without clipping.
 */
import * as fs from 'node:fs';
import type { Page } from 'playwright-core';
import { withPage } from '../support/browser';
import { registerCliente } from '../support/server';
import { call, login, notified, openPanel, panelSuite, STAFF_PASSWORD } from './painel-helpers';
import { overflowingSideways } from './portal-helpers';

const t = panelSuite();

/** Today in São Paulo, 'YYYY-MM-DD', and a few days later. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const later = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let carla: { token: string; user: { _id: string; nomeCompleto: string } };
const registros: { _id: string; numero: string }[] = [];

async function staffMember(username: string, nomeCompleto: string, permissions: string[]) {
  const r = await call(t.app, 'POST', '/api/users', t.staff.master.token, { username, nomeCompleto, password: STAFF_PASSWORD, isAdmin: false, permissions });
  expect(r.status).toBe(201);
  return (await login(t.app, r.body.data.email, STAFF_PASSWORD)) as any;
}

/** A person's row of the team table, and one of its figures (react-admin marks each cell with its column). */
const row = (page: Page, nome: string) =>
  page.getByRole('table', { name: 'Carga de trabalho da equipe' }).getByRole('row').filter({ has: page.locator('td.column-nomeCompleto').getByText(nome, { exact: true }) });
const cell = (page: Page, nome: string, col: string) => row(page, nome).locator(`td.column-${col}`);

/** The names a select offers (its listbox opened, then closed again). */
async function optionsOf(page: Page, combobox: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option').first().waitFor();
  const names = (await listbox.getByRole('option').allTextContents()).map((n) => n.trim());
  await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'detached' });
  return names;
}

beforeAll(async () => {
  carla = await staffMember('assoc.carla', 'Carla Associada', ['Associados']);
  // Staff who read registros but do not work them (issue 52): never offered as "Para".
  await staffMember('fin.dora', 'Dora Financeiro', ['Financeiro']);
  await staffMember('sup.edu', 'Edu Suporte', ['Suporte']);
  const cliente = await registerCliente(t.app.baseUrl, { razaoSocial: 'Oficina Bom Motor Ltda' });
  for (const descricao of ['Alteração contratual', 'Abertura de filial', 'Baixa de filial']) {
    const c = await call(t.app, 'POST', '/api/registros', t.staff.diretoria.token, {
      servico: 'consultoria',
      descricao,
      clienteId: cliente.id,
      responsavelId: t.staff.associado.user._id,
    });
    expect(c.status).toBe(201);
    registros.push(c.body.data);
  }
});

it('shows the team table with the figures the API counts, per period', async () => {
  const api = await call(t.app, 'GET', '/api/equipe?periodo=mes', t.staff.diretoria.token);
  expect(api.status).toBe(200);
  const bruno = api.body.data.pessoas.find((p: any) => p.id === t.staff.associado.user._id);
  expect(bruno.abertos).toBe(3);
  await withPage(t.browser, async (page) => {
    await openPanel(page, t.app, t.staff.diretoria, '/painel/equipe?periodo=mes');
    await page.getByRole('heading', { name: 'Equipe', level: 1 }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Período' }).textContent()).toContain('Este mês');
    const table = page.getByRole('table', { name: 'Carga de trabalho da equipe' });
    await table.waitFor();
    for (const p of api.body.data.pessoas) {
      await row(page, p.nomeCompleto).waitFor();
      for (const col of ['abertos', 'vencidos', 'venceEm5DiasUteis', 'etapasAguardando', 'exigenciasAbertas', 'concluidosNoPeriodo']) {
        expect([p.nomeCompleto, col, (await cell(page, p.nomeCompleto, col).textContent())?.trim()]).toEqual([p.nomeCompleto, col, String(p[col])]);
      }
    }
    // Sorted by a column (in the address): the most open registros first.
    await table.getByRole('button', { name: /Ordenar por Abertos/ }).click();
    await page.waitForURL(/sort=abertos&order=ASC/);
    await table.getByRole('button', { name: /Ordenar por Abertos/ }).click();
    await page.waitForURL(/sort=abertos&order=DESC/);
    await table.getByRole('row').nth(1).locator('td.column-nomeCompleto').getByText('Bruno Associado', { exact: true }).waitFor();
    // The table as a CSV.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
    expect(download.suggestedFilename()).toBe('equipe.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toContain('Pessoa;Permissões;Abertos;Vencidos');
    expect(csv).toContain('Bruno Associado;Associados;3;');
    // The chart of load per person, with its table for screen readers.
    await page.getByRole('img', { name: /Gráfico: Abertos: 3/ }).waitFor();
    // The period is in the URL.
    await page.getByRole('combobox', { name: 'Período' }).click();
    await page.getByRole('option', { name: 'Este ano' }).click();
    await page.waitForURL(/periodo=ano/);
  });
});

it('adds an absence; the absent person is not offered for assignment', async () => {
  await withPage(t.browser, async (page) => {
    await openPanel(page, t.app, t.staff.diretoria, '/painel/equipe');
    await page.getByRole('button', { name: 'Ausências de Carla Associada' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ausências de Carla Associada' });
    await dialog.getByText('Nenhuma ausência registrada.').waitFor();
    expect(new URL(page.url()).searchParams.get('ausencias')).toBe(carla.user._id);
    await dialog.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Licença' }).click();
    // The server's refusal of the days' order lands under "Até".
    await dialog.getByLabel(/^De/).fill(later(10));
    await dialog.getByLabel(/^Até/).fill(today);
    await dialog.getByRole('button', { name: 'Adicionar ausência' }).click();
    await dialog.getByText('O último dia da ausência deve ser igual ou posterior ao primeiro.').waitFor();
    expect(await dialog.getByLabel(/^Até/).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Férias' }).click();
    await dialog.getByLabel(/^De/).fill(today);
    await dialog.getByLabel(/^Até/).fill(later(10));
    await dialog.getByRole('button', { name: 'Adicionar ausência' }).click();
    await notified(page, 'Ausência registrada.');
    await dialog.getByRole('table', { name: 'Ausências' }).getByRole('row').filter({ hasText: 'Férias' }).waitFor();
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    expect(new URL(page.url()).searchParams.get('ausencias')).toBeNull();
    await row(page, 'Carla Associada').getByText(/^Férias até /).waitFor();

    // Not offered as "Para" in the bulk reassignment; nor is anyone who does not work registros.
    await page.getByRole('combobox', { name: 'De' }).click();
    await page.getByRole('option', { name: /^Bruno Associado/ }).click();
    const pessoas: { nomeCompleto: string; permissions: string[] }[] = (await call(t.app, 'GET', '/api/equipe', t.staff.diretoria.token)).body.data.pessoas;
    const master = pessoas.find((p) => p.permissions.includes('Master'))!.nomeCompleto;
    expect((await optionsOf(page, 'Para')).sort()).toEqual(['Ana Diretora', master].sort());

    // Nor in a registro's assignment select.
    await openPanel(page, t.app, t.staff.diretoria, `/painel/registros/${registros[0]._id}`);
    await page.getByRole('combobox', { name: 'Atribuir a' }).click();
    await page.getByRole('option', { name: 'Ana Diretora' }).waitFor();
    expect(await page.getByRole('option', { name: 'Carla Associada' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Nor in the list's bulk "Atribuir".
    await openPanel(page, t.app, t.staff.diretoria, '/painel/registros');
    await page.getByRole('row').filter({ hasText: registros[0].numero }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Atribuir', exact: true }).click();
    const bulk = page.getByRole('dialog', { name: 'Atribuir registros' });
    await bulk.getByRole('combobox', { name: 'Atribuir a' }).click();
    await page.getByRole('option', { name: 'Ana Diretora' }).waitFor();
    expect(await page.getByRole('option', { name: 'Carla Associada' }).count()).toBe(0);
  });
  const ausentes = await call(t.app, 'GET', `/api/equipe/ausentes?data=${today}`, t.staff.diretoria.token);
  expect(ausentes.body.data.map((a: any) => [a.userId, a.tipo, a.de, a.ate])).toEqual([[carla.user._id, 'ferias', today, later(10)]]);
});

it("reassigns a person's registros in bulk; each registro's history shows it", async () => {
  await withPage(t.browser, async (page) => {
    await openPanel(page, t.app, t.staff.diretoria, '/painel/equipe');
    await page.getByRole('combobox', { name: 'De' }).click();
    await page.getByRole('option', { name: 'Bruno Associado (3)' }).click();
    await page.getByRole('combobox', { name: 'Para' }).click();
    await page.getByRole('option', { name: 'Ana Diretora' }).click();
    await page.getByRole('button', { name: 'Reatribuir', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar reatribuição' });
    await confirm.getByText(/todos os registros abertos de/).waitFor();
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await notified(page, '3 registros reatribuídos de Bruno Associado para Ana Diretora.');
    await cell(page, 'Ana Diretora', 'abertos').getByText('3', { exact: true }).waitFor();

    for (const r of registros) {
      await openPanel(page, t.app, t.staff.diretoria, `/painel/registros/${r._id}`);
      await page.getByRole('list', { name: 'Histórico' }).getByText('Responsável: Bruno Associado → Ana Diretora').waitFor();
    }
  });
  for (const r of registros) {
    const seen = await call(t.app, 'GET', `/api/registros/${r._id}`, t.staff.master.token);
    expect(seen.body.data.responsavelId).toBe(t.staff.diretoria.user._id);
  }
});

it('fits 1,366 and 360 px: nothing scrolls sideways and Reatribuir is whole on screen (issue 52)', async () => {
  for (const viewport of [{ width: 1366, height: 768 }, { width: 360, height: 740 }]) {
    await withPage(
      t.browser,
      async (page) => {
        await openPanel(page, t.app, t.staff.diretoria, '/painel/equipe');
        await row(page, 'Ana Diretora').waitFor();
        // The chart (its own chunk) and the table behind it for screen readers are there too.
        await page.locator('table[data-chart-table]').waitFor({ state: 'attached' });
        expect([viewport.width, await overflowingSideways(page)]).toEqual([viewport.width, []]);
        if (viewport.width >= 1366) {
          // On a laptop the whole table fits: each person's Ausências is on screen without scrolling the table.
          const wrapper = (await page.locator('.RaDataTable-tableWrapper').first().boundingBox())!;
          const ausencias = (await page.getByRole('button', { name: 'Ausências de Ana Diretora' }).boundingBox())!;
          expect(ausencias.x + ausencias.width).toBeLessThanOrEqual(wrapper.x + wrapper.width);
        }
        const button = page.getByRole('button', { name: 'Reatribuir', exact: true });
        await button.scrollIntoViewIfNeeded();
        const box = (await button.boundingBox())!;
        const card = (await page.getByRole('region', { name: 'Reatribuir registros' }).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(card.x);
        expect(box.x + box.width).toBeLessThanOrEqual(Math.min(card.x + card.width, viewport.width));
        // No box around it that hides what overflows cuts any of it.
        const clippedBy = await button.evaluate((b) => {
          const r = b.getBoundingClientRect();
          for (let el = b.parentElement; el; el = el.parentElement) {
            const style = getComputedStyle(el);
            if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
            const a = el.getBoundingClientRect();
            if (r.left < a.left - 0.5 || r.right > a.right + 0.5) return `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}`;
          }
          return null;
        });
        expect(clippedBy).toBeNull();
        if (viewport.width < 600) {
          // On a phone the Ausências column may be off screen: tapping the person opens them, and Back closes them.
          await row(page, 'Bruno Associado').locator('td.column-nomeCompleto').click();
          await page.getByRole('dialog', { name: 'Ausências de Bruno Associado' }).waitFor();
          await page.goBack();
          await page.getByRole('dialog').waitFor({ state: 'detached' });
          expect(new URL(page.url()).pathname).toBe('/painel/equipe');
        }
      },
      { viewport },
    );
  }
});
