/*
 * Processos (issue 11) in Chromium against the built product: a client opens an abertura in the
 * portal; the staff move it through its first stages in the pipeline (by keyboard and by mouse)
 * and in the registro's detail; the client sends its checklist documents (one refused and sent
 * again) and meets an exigência; the client follows each step and the prediction.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { launchBrowser, type LaunchedBrowser, screenshot, withPage } from '../support/browser';
import { startApp, type RunningApp } from '../support/server';
import { expectNoPageProblems, overflowingSideways, Seed, signInWithToken } from './portal-helpers';

let app: RunningApp;
let chromium: LaunchedBrowser;
let browser: Browser;
let seed: Seed;
let dataDir: string;
let diretoria: Awaited<ReturnType<Seed['staff']>>;
let associado: Awaited<ReturnType<Seed['staff']>>;
let cliente: Awaited<ReturnType<Seed['cliente']>>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-ui-processos-'));
  [app, chromium] = await Promise.all([startApp({ dataDir }), launchBrowser()]);
  browser = chromium.browser;
  seed = new Seed(app);
  const master = await seed.masterToken();
  diretoria = await seed.staff(master, 'dora.dir', 'Dora Diretora', ['Diretoria'], true);
  associado = await seed.staff(master, 'bia.assoc', 'Bia Associada', ['Associados']);
  cliente = await seed.cliente({ razaoSocial: 'Café Aurora Ltda', email: 'aurora@exemplo.com.br' });
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const asCliente = (page: Page) =>
  signInWithToken(page, app, 'cliente', cliente.token, cliente.data, '/cliente').then(() =>
    page.getByRole('heading', { name: /^Olá, / }).waitFor({ timeout: 15_000 }),
  );
const asStaff = (page: Page, p: string) => signInWithToken(page, app, 'user', diretoria.token, diretoria.user, p);

/** The abertura's required checklist items (the Junta protocol waits for them) and the files the client sends. */
const DOCS = [
  ['Documento de identidade e CPF de cada sócio', 'rg-cpf-socios.pdf'],
  ['Comprovante de endereço dos sócios', 'comprovante-endereco.pdf'],
  ['IPTU ou contrato de locação do imóvel', 'iptu-2026.pdf'],
] as const;

/** A full-page capture when UI_SCREENSHOTS is set (test-results/), to look at the screens. */
async function look(page: Page, name: string) {
  if (process.env.UI_SCREENSHOTS) await screenshot(page, name);
}

const coluna = (page: Page, nome: string) => page.locator(`section[data-coluna="${nome}"]`);

async function openDetalhes(page: Page, numero: string) {
  await asCliente(page);
  await page.getByRole('button', { name: `Detalhes do registro ${numero}` }).first().click();
  const dialog = page.getByRole('dialog', { name: `Registro ${numero}` });
  await dialog.getByRole('list', { name: 'Etapas do processo' }).waitFor();
  return dialog;
}

describe('the process of an abertura', () => {
  it('client opens it and sends its documents → staff move it (keyboard, mouse, detail), refuse one, raise an exigência → client resends and follows each step and the prediction', async () => {
    const problems: Parameters<typeof expectNoPageProblems>[0][] = [];
    let numero = '';

    // 1. The client asks to open a company.
    await withPage(browser, async (page, p) => {
      problems.push(p);
      await asCliente(page);
      await page.getByRole('button', { name: /^Nova Solicitação/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Nova Solicitação' });
      const option = dialog.getByLabel('Serviço').locator('option', { hasText: 'Abertura de Empresa' });
      await option.waitFor({ state: 'attached' });
      await dialog.getByLabel('Serviço').selectOption({ label: (await option.textContent())!.trim() });
      await dialog.getByLabel('Descrição').fill('Quero abrir uma cafeteria em São Paulo.');
      await dialog.getByRole('button', { name: 'Enviar solicitação' }).click();
      const done = page.getByRole('dialog', { name: 'Solicitação enviada' });
      numero = (await done.locator('.success__protocol strong').textContent())!;
    });
    expect(numero).toMatch(/^\d{4}-\d{6}$/);

    // The portal shows the stages from the start: the first is the current one, with a prediction.
    await withPage(browser, async (page, p) => {
      problems.push(p);
      const dialog = await openDetalhes(page, numero);
      const steps = dialog.locator('.etapas-line__step');
      expect(await steps.count()).toBe(7);
      expect(await steps.nth(0).textContent()).toContain('Consulta de viabilidade');
      expect(await steps.nth(0).getAttribute('aria-current')).toBe('step');
      expect(await steps.nth(1).textContent()).toContain('Próxima etapa');
      await dialog.getByTestId('previsao-conclusao').getByText(/previsão: (entre \d{2}\/\d{2}\/\d{4} e|em) \d{2}\/\d{2}\/\d{4}/).waitFor();

      // The checklist: the client sends the three documents the Junta protocol waits for.
      const checklist = dialog.getByRole('list', { name: 'Documentos necessários' });
      for (const [nome, arquivo] of DOCS) {
        const item = checklist.getByRole('listitem', { name: nome });
        await item.getByText('Pendente', { exact: true }).waitFor();
        await item.getByLabel('Arquivo').setInputFiles({ name: arquivo, mimeType: 'application/pdf', buffer: samplePdf() });
        await item.getByRole('button', { name: 'Enviar' }).click();
        await item.getByText('Enviado — em análise').waitFor();
        await item.getByText(`Arquivo: ${arquivo}`, { exact: false }).waitFor();
      }
    });

    // 2. The board's pipeline: the card is in the first column; → on the focused card moves it on.
    await withPage(browser, async (page, p) => {
      problems.push(p);
      await asStaff(page, '/painel/processos');
      await page.getByRole('heading', { name: 'Processos', level: 1 }).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).search).toBe('');
      const primeira = coluna(page, 'Consulta de viabilidade');
      const card = primeira.getByTestId('processo-card').filter({ hasText: numero });
      await card.waitFor();
      expect(await card.textContent()).toContain('Café Aurora Ltda');
      expect(await card.textContent()).toContain('0 dias na etapa');
      expect(await primeira.getAttribute('aria-label')).toBe('Consulta de viabilidade: 1');

      await card.focus();
      await page.keyboard.press('ArrowRight');
      const segunda = coluna(page, 'DBE / coletor nacional (REDESIM)');
      await segunda.getByTestId('processo-card').filter({ hasText: numero }).waitFor();
      await page.getByRole('status').filter({ hasText: `Registro ${numero} movido para "DBE / coletor nacional (REDESIM)".` }).waitFor({ state: 'attached' });
      expect(await primeira.getAttribute('aria-label')).toBe('Consulta de viabilidade: 0');

      // The filters live in the URL: another Junta empties the board, back to all shows it again.
      await page.goto(`${app.baseUrl}/painel/processos?servico=abertura-empresas&junta=AC`);
      await coluna(page, 'Consulta de viabilidade').waitFor();
      expect(await page.getByTestId('processo-card').count()).toBe(0);
      await page.goto(`${app.baseUrl}/painel/processos?servico=abertura-empresas`);

      // By mouse: drag the card to the third column.
      const arrastar = coluna(page, 'DBE / coletor nacional (REDESIM)').getByTestId('processo-card').filter({ hasText: numero });
      await arrastar.waitFor();
      await arrastar.dragTo(coluna(page, 'Protocolo na Junta'));
      await coluna(page, 'Protocolo na Junta').getByTestId('processo-card').filter({ hasText: numero }).waitFor();

      await look(page, 'processos-pipeline');
      // The buttons move one column back (reopening the last finished stage) and forward again.
      await coluna(page, 'Protocolo na Junta').getByRole('button', { name: `Voltar o registro ${numero} uma etapa` }).click();
      await coluna(page, 'DBE / coletor nacional (REDESIM)').getByTestId('processo-card').filter({ hasText: numero }).waitFor();
      await coluna(page, 'DBE / coletor nacional (REDESIM)').getByRole('button', { name: `Avançar o registro ${numero} uma etapa` }).click();
      await coluna(page, 'Protocolo na Junta').getByTestId('processo-card').filter({ hasText: numero }).waitFor();

      // Past the protocol the documents must be accepted first: the server's 409 is the notice, the card stays.
      await coluna(page, 'Protocolo na Junta').getByRole('button', { name: `Avançar o registro ${numero} uma etapa` }).click();
      await page.getByText(/Esta etapa só pode ser concluída com os documentos aceitos\. Falta/).first().waitFor();
      await coluna(page, 'Protocolo na Junta').getByTestId('processo-card').filter({ hasText: numero }).waitFor();
    });

    // 3. The detail: the staff review the checklist (two accepted, one refused) and record an exigência.
    await withPage(browser, async (page, p) => {
      problems.push(p);
      await asStaff(page, '/painel/processos');
      await coluna(page, 'Protocolo na Junta').getByTestId('processo-card').filter({ hasText: numero }).getByRole('link', { name: numero }).click();
      await page.getByRole('heading', { name: `Registro ${numero}`, level: 1 }).waitFor();
      // The board's card opens the registro in Registros, the board's own screen.
      expect(new URL(page.url()).pathname).toMatch(/^\/painel\/registros\/[0-9a-f-]{36}$/);
      const checklist = page.getByRole('list', { name: 'Checklist de documentos' });
      for (const [nome] of DOCS.slice(0, 2)) {
        await checklist.getByRole('button', { name: `Aceitar ${nome}` }).click();
        await page.getByText(`Documento "${nome}" aceito.`).waitFor();
        await checklist.getByRole('listitem', { name: nome }).getByText('Aceito', { exact: true }).waitFor();
      }
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        checklist.getByRole('button', { name: `Ver o arquivo de ${DOCS[2][0]}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(DOCS[2][1]);
      await checklist.getByRole('button', { name: `Recusar ${DOCS[2][0]}` }).click();
      const recusa = page.getByRole('dialog', { name: `Recusar "${DOCS[2][0]}"` });
      await recusa.getByRole('button', { name: 'Recusar documento' }).click();
      await recusa.getByText('Informe o motivo da recusa: o cliente vai lê-lo.').waitFor();
      await recusa.getByLabel('Motivo da recusa').fill('O IPTU está ilegível: envie uma cópia nítida.');
      await recusa.getByRole('button', { name: 'Recusar documento' }).click();
      await page.getByText(`Documento "${DOCS[2][0]}" recusado. O cliente foi avisado.`).waitFor();
      await checklist.getByRole('listitem', { name: DOCS[2][0] }).getByText('Motivo da recusa: O IPTU está ilegível: envie uma cópia nítida.').waitFor();

      const exig = page.getByRole('region', { name: 'Exigências' });
      await exig.getByText('Nenhuma exigência neste registro.').waitFor();
      await exig.getByLabel('O que a Junta exige').fill('Corrigir a cláusula do capital social no contrato.');
      await exig.getByRole('button', { name: 'Registrar exigência' }).click();
      await page.getByText('Exigência registrada. O cliente foi avisado e o prazo do registro está suspenso.').waitFor();
      await look(page, 'processos-detalhe');
      const aberta = exig.getByRole('list', { name: 'Exigências do registro' }).getByRole('listitem');
      await aberta.getByText('Aberta', { exact: true }).waitFor();
      await aberta.getByText(/Prazo \d{2}\/\d{2}\/\d{4} · 30 dias restantes/).waitFor();
    });

    // 4. The client: "Aguardando você" lists the exigência and the refused document; it sends the IPTU again.
    await withPage(browser, async (page, p) => {
      problems.push(p);
      await asCliente(page);
      const aguardando = page.getByRole('region', { name: 'Aguardando você' });
      await aguardando.getByText(/Exigência da Junta.*Corrigir a cláusula do capital social/).waitFor();
      await aguardando.getByText(/Enviar novamente.*IPTU ou contrato de locação do imóvel.*recusado: O IPTU está ilegível/).waitFor();
      expect(await aguardando.getByRole('listitem').count()).toBe(3); // + the optional marriage certificate
      await look(page, 'processos-aguardando');
      await aguardando.getByRole('button', { name: /Enviar novamente/ }).click();
      const dialog = page.getByRole('dialog', { name: `Registro ${numero}` });
      await dialog.getByRole('list', { name: 'Exigências abertas' }).getByText('Corrigir a cláusula do capital social no contrato.').waitFor();
      const item = dialog.getByRole('list', { name: 'Documentos necessários' }).getByRole('listitem', { name: DOCS[2][0] });
      await item.getByText('Motivo da recusa: O IPTU está ilegível: envie uma cópia nítida.').waitFor();
      await item.getByLabel('Novo arquivo').setInputFiles({ name: 'iptu-2026-nitido.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
      await item.getByRole('button', { name: 'Enviar' }).click();
      await item.getByText('Enviado — em análise').waitFor();
      expect(await item.getByText('Motivo da recusa').count()).toBe(0);
    });

    // 5. The staff accept it and mark the exigência met.
    await withPage(browser, async (page, p) => {
      problems.push(p);
      await asStaff(page, '/painel/processos');
      await coluna(page, 'Protocolo na Junta').getByTestId('processo-card').filter({ hasText: numero }).getByRole('link', { name: numero }).click();
      const checklist = page.getByRole('list', { name: 'Checklist de documentos' });
      await checklist.getByRole('button', { name: `Aceitar ${DOCS[2][0]}` }).click();
      await page.getByText(`Documento "${DOCS[2][0]}" aceito.`).waitFor();
      const exig = page.getByRole('region', { name: 'Exigências' });
      await exig.getByRole('button', { name: /^Marcar como cumprida/ }).click();
      await page.getByText('Exigência marcada como cumprida.').waitFor();
      await exig.getByText('Cumprida', { exact: true }).waitFor();
    });

    // 6. The registro's detail: start the Junta protocol and complete it with a protocol number and a note for the client.
    await withPage(browser, async (page, p) => {
      problems.push(p);
      await asStaff(page, '/painel/processos');
      const card = coluna(page, 'Protocolo na Junta').getByTestId('processo-card').filter({ hasText: numero });
      await card.getByRole('link', { name: numero }).click();
      await page.getByRole('heading', { name: `Registro ${numero}`, level: 1 }).waitFor();
      const etapas = page.getByRole('region', { name: 'Etapas' });
      await etapas.getByRole('listitem', { name: 'Etapa 1: Consulta de viabilidade' }).getByText('Concluída').waitFor();
      // The staff read the same predicted end the portal gives the client (issue 52).
      expect(await etapas.getByTestId('previsao-conclusao').textContent()).toMatch(/^Conclusão do processo — previsão: (em \d{2}\/\d{2}\/\d{4}|entre \d{2}\/\d{2}\/\d{4} e \d{2}\/\d{2}\/\d{4})/);
      await etapas.getByRole('button', { name: 'Iniciar a etapa Protocolo na Junta' }).click();
      await page.getByText('Etapa "Protocolo na Junta" iniciada.').waitFor();
      await etapas.getByRole('button', { name: 'Concluir a etapa Protocolo na Junta' }).click();
      const dialog = page.getByRole('dialog', { name: 'Concluir a etapa "Protocolo na Junta"' });
      await dialog.getByLabel('Protocolo no órgão (opcional)').fill('SP2612345678');
      await dialog.getByLabel('Nota (opcional)').fill('Processo protocolado na JUCESP.');
      expect(await dialog.getByLabel('Nota visível ao cliente').isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Concluir etapa' }).click();
      await page.getByText('Etapa "Protocolo na Junta" concluída.').waitFor();
      const protocolo = etapas.getByRole('listitem', { name: 'Etapa 3: Protocolo na Junta' });
      await protocolo.getByText(/Protocolo: SP2612345678/).waitFor();

      // Dispensar needs a reason.
      await etapas.getByRole('button', { name: 'Dispensar a etapa Análise e deferimento (NIRE)' }).click();
      const dispensa = page.getByRole('dialog', { name: 'Dispensar a etapa "Análise e deferimento (NIRE)"' });
      await dispensa.getByRole('button', { name: 'Dispensar etapa' }).click();
      await dispensa.getByText('Informe o motivo da dispensa.').waitFor();
      await dispensa.getByRole('button', { name: 'Cancelar' }).click();
      await page.locator('h1 + .MuiChip-root', { hasText: 'Em andamento' }).waitFor();

      // The Junta is shown (the client's state, SP by default) and can be changed.
      const junta = page.getByRole('region', { name: 'Junta Comercial' });
      await junta.getByText('JUCESP', { exact: true }).waitFor();
      await junta.getByRole('combobox', { name: 'Alterar Junta' }).click();
      await page.getByRole('option', { name: 'JUCERJA (RJ)' }).click();
      await junta.getByRole('button', { name: 'Salvar Junta' }).click();
      await page.getByText('Junta alterada para JUCERJA. O prazo foi recalculado no calendário dela.').waitFor();
      await junta.getByText('JUCERJA', { exact: true }).waitFor();
    });

    // 7. The client sees the steps done, the note meant for it, and the prediction for the next one.
    await withPage(browser, async (page, p) => {
      problems.push(p);
      const dialog = await openDetalhes(page, numero);
      const steps = dialog.locator('.etapas-line__step');
      await steps.nth(2).getByText('Concluída', { exact: true }).waitFor();
      expect(await steps.nth(0).textContent()).toContain('Concluída');
      expect(await steps.nth(1).textContent()).toContain('Concluída');
      expect(await steps.nth(2).textContent()).toContain('protocolo SP2612345678');
      expect(await steps.nth(2).textContent()).toContain('Processo protocolado na JUCESP.');
      expect(await steps.nth(3).getAttribute('aria-current')).toBe('step');
      await steps.nth(3).getByText(/Previsão: (entre \d{2}\/\d{2}\/\d{4} e|em) \d{2}\/\d{2}\/\d{4}/).waitFor();
      await dialog.getByTestId('previsao-conclusao').waitFor();
      await look(page, 'processos-portal');
      // Each completion is a line of its history (DBE twice: reopened and completed again in the pipeline).
      expect(await dialog.locator('.timeline__item').filter({ hasText: 'Etapa: Concluída' }).count()).toBe(4);
      // Nothing asked any more: the exigência is met and every required document accepted.
      expect(await dialog.getByRole('list', { name: 'Exigências abertas' }).count()).toBe(0);
      for (const [nome] of DOCS) {
        await dialog.getByRole('list', { name: 'Documentos necessários' }).getByRole('listitem', { name: nome }).getByText('Aceito', { exact: true }).waitFor();
      }
    });

    for (const p of problems) expectNoPageProblems(p);
  });

  it('the board edits a stage template and a document checklist in Configurações → Processos', async () => {
    await withPage(browser, async (page, problems) => {
      await asStaff(page, '/painel/configuracoes');
      await page.getByRole('tab', { name: 'Processos' }).click();
      await page.getByRole('heading', { name: 'Modelos de etapas', level: 1 }).waitFor({ timeout: 15_000 });
      await page.getByRole('combobox', { name: 'Serviço' }).click();
      await page.getByRole('option', { name: 'Certidão Simplificada' }).click();
      expect(new URL(page.url()).searchParams.get('servico')).toBe('certidao-simplificada');
      const lista = page.getByRole('list', { name: 'Etapas do modelo' });
      const padrao = (await seed.call('GET', '/api/processos/modelos/certidao-simplificada', diretoria.token)).data.etapas;
      const antes: number = padrao.length;
      await lista.getByRole('listitem', { name: 'Etapa 1' }).getByLabel('Nome').and(page.locator(`[value="${padrao[0].nome}"]`)).waitFor();
      expect(await lista.getByRole('listitem').count()).toBe(antes);

      // The shared rules answer before the server: a blank name.
      await page.getByRole('button', { name: 'Adicionar etapa' }).click();
      const nova = lista.getByRole('listitem', { name: `Etapa ${antes + 1}` });
      await page.getByRole('button', { name: 'Salvar modelo' }).click();
      await nova.getByText(`Etapa ${antes + 1}: o nome é obrigatório e deve ter de 1 a 120 caracteres.`).waitFor();
      expect(await nova.getByLabel('Nome').getAttribute('aria-invalid')).toBe('true');

      // A new stage, moved to the top, saved; the template says who changed it.
      await nova.getByLabel('Nome').fill('Conferência dos dados');
      await nova.getByLabel('Duração (dias úteis)').fill('2');
      await nova.getByRole('combobox', { name: 'Responsável' }).click();
      await page.getByRole('option', { name: 'Cliente' }).click();
      for (let i = antes + 1; i > 1; i--) await lista.getByRole('button', { name: `Subir a etapa ${i}` }).click();
      expect(await lista.getByRole('listitem', { name: 'Etapa 1' }).getByLabel('Nome').inputValue()).toBe('Conferência dos dados');
      await page.getByRole('button', { name: 'Salvar modelo' }).click();
      await page.getByText('Modelo de etapas salvo. Vale para os registros criados a partir de agora.').waitFor();
      await page.getByText(/^Personalizado em .* por Dora Diretora\.$/).waitFor();
      const saved = await seed.call('GET', '/api/processos/modelos/certidao-simplificada', diretoria.token);
      expect(saved.data.etapas[0]).toEqual({ nome: 'Conferência dos dados', responsavelTipo: 'cliente', duracaoDiasUteis: 2 });
      expect(saved.data.etapas).toHaveLength(antes + 1);

      // The same service's document checklist: a required item added; the shared rule refuses a bad key beside it, in pt-BR.
      const docs = page.getByRole('list', { name: 'Documentos do checklist' });
      const itensAntes = (await seed.call('GET', '/api/processos/checklists/certidao-simplificada', diretoria.token)).data.itens.length;
      await page.getByRole('button', { name: 'Adicionar documento' }).click();
      const doc = docs.getByRole('listitem', { name: `Documento ${itensAntes + 1}` });
      await doc.getByLabel('Chave').fill('Procuração');
      await doc.getByLabel('Nome', { exact: true }).fill('Procuração do sócio');
      await page.getByRole('button', { name: 'Salvar checklist' }).click();
      await doc.getByText(/Chave inválida: use letras minúsculas, dígitos e hífens/).waitFor();
      expect(await doc.getByLabel('Chave').getAttribute('aria-invalid')).toBe('true');
      await doc.getByLabel('Chave').fill('procuracao-socio');
      await page.getByRole('button', { name: 'Salvar checklist' }).click();
      await page.getByText('Checklist de documentos salvo. Vale para os registros criados a partir de agora.').waitFor();
      const checklist = (await seed.call('GET', '/api/processos/checklists/certidao-simplificada', diretoria.token)).data.itens;
      expect(checklist).toHaveLength(itensAntes + 1);
      expect(checklist[itensAntes]).toEqual({ chave: 'procuracao-socio', nome: 'Procuração do sócio', descricao: null, obrigatorio: true });
      expectNoPageProblems(problems);
    });
  });

  it('an associado opens Processos from its menu, and a card opens the registro in Meus Registros (issue 52)', async () => {
    // The abertura of the journey above, still open and unassigned: an associado sees it and may take it.
    const registro = (await seed.call('GET', '/api/registros/me', cliente.token)).data[0];
    await withPage(browser, async (page, problems) => {
      await signInWithToken(page, app, 'user', associado.token, associado.user, '/painel');
      const menu = page.getByRole('navigation', { name: 'Menu do painel' });
      await menu.getByRole('menuitem', { name: 'Processos' }).click({ timeout: 15_000 });
      await page.getByRole('heading', { name: 'Processos', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/painel/processos');
      const card = page.getByTestId('processo-card').filter({ hasText: registro.numero });
      await card.getByRole('link', { name: registro.numero }).click();
      await page.getByRole('heading', { name: `Registro ${registro.numero}`, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/painel/meu-registros/${registro._id}`);
      expect(await page.getByText('Você não tem permissão para acessar esta página.').count()).toBe(0);
      expectNoPageProblems(problems);
    });
  });

  it('on a 360 px phone nothing scrolls sideways: the portal stages and checklist, the pipeline, the detail', async () => {
    // The abertura of the journey above (tests of this file run in order, on the same product).
    const numero = (await seed.call('GET', '/api/registros/me', cliente.token)).data[0].numero as string;
    const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
    await withPage(
      browser,
      async (page, problems) => {
        const dialog = await openDetalhes(page, numero);
        await dialog.getByRole('list', { name: 'Documentos necessários' }).waitFor();
        expect(await overflowingSideways(page)).toEqual([]);
        await look(page, 'processos-360-portal');
        expectNoPageProblems(problems);
      },
      phone,
    );
    await withPage(
      browser,
      async (page, problems) => {
        await asStaff(page, '/painel/processos');
        await page.getByTestId('processo-card').first().waitFor({ timeout: 15_000 });
        expect(await overflowingSideways(page)).toEqual([]);
        await look(page, 'processos-360-pipeline');
        await page.getByTestId('processo-card').first().getByRole('link').click();
        await page.getByRole('region', { name: 'Checklist de documentos' }).waitFor();
        expect(await overflowingSideways(page)).toEqual([]);
        expectNoPageProblems(problems);
      },
      phone,
    );
  });
});
