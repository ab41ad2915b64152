/*
 * Equipe (issue 13) in the browser: the board sees the team's figures as the API counts them,
 * records an absence, reassigns a person's registros in bulk (each registro's history shows it),
 * and an absent person is not offered for assignment.
 */
import { withPage } from '../support/browser';
import { registerCliente } from '../support/server';
import { call, login, notified, openPanel, panelSuite, STAFF_PASSWORD } from './painel-helpers';

const t = panelSuite();

/** Today in São Paulo, 'YYYY-MM-DD', and a few days later. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const later = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let carla: { token: string; user: { _id: string; nomeCompleto: string } };
const registros: { _id: string; numero: string }[] = [];

beforeAll(async () => {
  const r = await call(t.app, 'POST', '/api/users', t.staff.master.token, {
    username: 'assoc.carla',
    nomeCompleto: 'Carla Associada',
    password: STAFF_PASSWORD,
    isAdmin: false,
    permissions: ['Associados'],
  });
  expect(r.status).toBe(201);
  carla = (await login(t.app, r.body.data.email, STAFF_PASSWORD)) as any;
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
      const row = table.locator(`tr[data-pessoa="${p.id}"]`);
      await row.getByText(p.nomeCompleto).waitFor();
      for (const col of ['abertos', 'vencidos', 'venceEm5DiasUteis', 'etapasAguardando', 'exigenciasAbertas', 'concluidosNoPeriodo']) {
        expect([p.nomeCompleto, col, (await row.locator(`[data-col="${col}"]`).textContent())?.trim()]).toEqual([p.nomeCompleto, col, String(p[col])]);
      }
    }
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
    await dialog.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Férias' }).click();
    await dialog.getByLabel('De', { exact: true }).fill(today);
    await dialog.getByLabel('Até', { exact: true }).fill(later(10));
    await dialog.getByRole('button', { name: 'Adicionar ausência' }).click();
    await notified(page, 'Ausência registrada.');
    await dialog.getByRole('list', { name: 'Ausências' }).getByText(/^Férias: /).waitFor();
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await page.locator(`tr[data-pessoa="${carla.user._id}"]`).getByText(/^Férias até /).waitFor();

    // Not offered as "Para" in the bulk reassignment.
    await page.getByRole('combobox', { name: 'De' }).click();
    await page.getByRole('option', { name: /^Bruno Associado/ }).click();
    await page.getByRole('combobox', { name: 'Para' }).click();
    await page.getByRole('option', { name: 'Ana Diretora' }).waitFor();
    expect(await page.getByRole('option', { name: 'Carla Associada' }).count()).toBe(0);
    await page.keyboard.press('Escape');

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
    await page.locator(`tr[data-pessoa="${t.staff.diretoria.user._id}"] [data-col="abertos"]`).getByText('3', { exact: true }).waitFor();

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
