/*
 * Agenda (issue 13) in the browser: an event with a client created from the calendar shows in the
 * calendar and in the person's feed for calendar apps.
 */
import { withPage } from '../support/browser';
import { registerCliente } from '../support/server';
import { call, login, openPanel, panelSuite, STAFF_PASSWORD } from './painel-helpers';

const t = panelSuite();

/** Today in São Paulo, 'YYYY-MM-DD'. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

it('creates an event with a client in the calendar, sees it there and in the feed', async () => {
  const cliente = await registerCliente(t.app.baseUrl, { razaoSocial: 'Padaria Pão Quente Ltda' });
  let ics = '';
  await withPage(t.browser, async (page) => {
    await openPanel(page, t.app, t.staff.associado, '/painel/agenda');
    await page.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor();
    await page.locator('.fc-daygrid-body').waitFor();

    await page.getByRole('button', { name: 'Novo evento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo evento' });
    await dialog.getByRole('textbox', { name: 'Título', exact: true }).fill('Assinatura do contrato');
    await dialog.getByRole('textbox', { name: 'Início', exact: true }).fill(`${today}T10:00`);
    await dialog.getByRole('textbox', { name: 'Fim', exact: true }).fill(`${today}T11:00`);
    await dialog.getByLabel('Local', { exact: true }).fill('Sala 2');
    await dialog.getByRole('combobox', { name: 'Cliente (opcional)' }).fill('Padaria');
    await page.getByRole('option', { name: 'Padaria Pão Quente Ltda' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });

    const inCalendar = page.locator('.fc').getByText('Assinatura do contrato');
    await inCalendar.first().waitFor();

    // Opening it shows the event with its client, editable by its creator.
    await inCalendar.first().click();
    const edit = page.getByRole('dialog', { name: 'Editar evento' });
    expect(await edit.getByRole('combobox', { name: 'Cliente (opcional)' }).inputValue()).toBe('Padaria Pão Quente Ltda');
    await edit.getByRole('button', { name: 'Cancelar' }).click();

    // The list view lists it too.
    await page.getByRole('button', { name: 'Lista' }).click();
    await page.locator('.fc-list').getByText('Assinatura do contrato').waitFor();

    // The feed address: generated once, then read as a calendar app would.
    await page.getByRole('button', { name: 'Assinar em outro calendário' }).click();
    const feedDialog = page.getByRole('dialog', { name: 'Assinar a agenda em outro calendário' });
    await feedDialog.getByRole('button', { name: 'Gerar endereço' }).click();
    const field = feedDialog.getByLabel('Endereço da sua agenda (mostrado só agora)');
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(/\/api\/agenda\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await fetch(t.app.baseUrl + new URL(url).pathname);
    expect(res.status).toBe(200);
    ics = await res.text();
    expect(ics).toContain('SUMMARY:Assinatura do contrato');
    expect(ics).toContain('Cliente: Padaria Pão Quente Ltda');
    expect(ics).toContain(`DTSTART;TZID=America/Sao_Paulo:${today.replace(/-/g, '')}T100000`);
    expect(ics).not.toContain(cliente.email);
  });

  // The server has it, with the client, for the associado who created it.
  const r = await call(t.app, 'GET', `/api/agenda?inicio=${today}&fim=${today}T23:59:59-03:00`, t.staff.associado.token);
  const ev = r.body.data.find((i: any) => i.kind === 'evento');
  expect(ev).toMatchObject({ titulo: 'Assinatura do contrato', clienteNome: 'Padaria Pão Quente Ltda' });
  // The feed carries the event under its stable UID.
  expect(ics).toContain(`UID:${ev.uid}`);
});

it('the reminder e-mail\'s link opens the event on its date', async () => {
  const r = await call(t.app, 'POST', '/api/agenda/eventos', t.staff.associado.token, {
    tipo: 'vistoria',
    titulo: 'Vistoria no galpão',
    inicio: '2027-09-15T12:00:00.000Z',
    fim: '2027-09-15T13:00:00.000Z',
  });
  expect(r.status).toBe(201);
  await withPage(t.browser, async (page) => {
    await openPanel(page, t.app, t.staff.associado, `/painel/agenda?evento=${r.body.data.id}`);
    const dialog = page.getByRole('dialog', { name: 'Editar evento' });
    expect(await dialog.getByRole('textbox', { name: 'Título', exact: true }).inputValue()).toBe('Vistoria no galpão');
    expect(await dialog.getByRole('textbox', { name: 'Início', exact: true }).inputValue()).toBe('2027-09-15T09:00');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.locator('.fc').getByText('Vistoria no galpão').first().waitFor();
    await page.getByText('setembro de 2027').waitFor();
  });
});

it('the board filters the calendar by person', async () => {
  await withPage(t.browser, async (page) => {
    await openPanel(page, t.app, t.staff.diretoria, '/painel/agenda');
    await page.locator('.fc').getByText('Assinatura do contrato').first().waitFor();
    await page.getByRole('combobox', { name: 'Pessoa' }).click();
    await page.getByRole('option', { name: 'Ana Diretora (você)' }).click();
    await page.waitForFunction(() => !document.querySelector('.fc')?.textContent?.includes('Assinatura do contrato'));
    await page.getByRole('combobox', { name: 'Pessoa' }).click();
    await page.getByRole('option', { name: 'Bruno Associado' }).click();
    await page.locator('.fc').getByText('Assinatura do contrato').first().waitFor();
  });
});

/** Moves the month view forward until `title` shows (at most two months), then opens that chip. */
async function openChip(page: import('playwright-core').Page, title: string): Promise<void> {
  const chip = page.locator('.fc a.fc-event').filter({ hasText: title }).first();
  await page.locator('.fc-daygrid-body').waitFor();
  for (let i = 0; i < 2 && !(await chip.waitFor({ timeout: 5000 }).then(() => true, () => false)); i++) await page.locator('.fc-next-button').click();
  await chip.click();
}

it("an associado's deadline and charge chips open screens the associado may see, under /painel", async () => {
  const cliente = await registerCliente(t.app.baseUrl, { razaoSocial: 'Marcenaria Prazo Certo Ltda' });
  const r = await call(t.app, 'POST', '/api/registros', t.staff.diretoria.token, {
    servico: 'consultoria',
    descricao: 'Alteração contratual',
    clienteId: cliente.id,
    responsavelId: t.staff.associado.user._id,
  });
  expect(r.status).toBe(201);
  const registro = r.body.data;
  // An associado who also holds Financeiro sees the charges' due dates.
  const u = await call(t.app, 'POST', '/api/users', t.staff.master.token, { username: 'assoc.carla', nomeCompleto: 'Carla Financeira', password: STAFF_PASSWORD, isAdmin: false, permissions: ['Associados', 'Financeiro'] });
  expect(u.status).toBe(201);
  const carla = await login(t.app, u.body.data.email, STAFF_PASSWORD);
  const c = await call(t.app, 'POST', '/api/cobrancas', t.staff.master.token, { clienteId: cliente.id, vencimento: today, linhas: [{ descricao: 'Honorários', tipo: 'honorario', valor: 150 }] });
  expect(c.status).toBe(201);

  const agenda = await call(t.app, 'GET', `/api/agenda?inicio=${today}&fim=${new Date(Date.now() + 60 * 86_400_000).toISOString()}`, t.staff.associado.token);
  const prazos = agenda.body.data.filter((i: any) => i.kind.startsWith('prazo-') && i.protocolo === registro.numero);
  expect(prazos.length).toBeGreaterThan(0);

  await withPage(t.browser, async (page, problems) => {
    for (const prazo of prazos) {
      await openPanel(page, t.app, t.staff.associado, '/painel/agenda');
      await openChip(page, prazo.titulo);
      await page.waitForURL(`**/painel/meu-registros/${registro._id}`);
      // The registro itself, not a blank page nor the dashboard.
      await page.locator('main').getByText('Marcenaria Prazo Certo Ltda').first().waitFor();
      expect(await page.locator('main').innerText()).toContain(registro.numero);
    }
    await openPanel(page, t.app, carla, '/painel/agenda');
    await openChip(page, 'Cobrança: Marcenaria Prazo Certo Ltda');
    await page.waitForURL(`**/painel/financas/${c.body.data._id}/show`);
    await page.getByRole('dialog', { name: 'Detalhes da Cobrança' }).getByText('Marcenaria Prazo Certo Ltda — R$ 150,00').waitFor();
    expect(problems.pageErrors).toEqual([]);
  });
});
