/*
 * Tarefas (issue 15): the master opens Configurações → Tarefas, sees the recurring jobs with their
 * frequency, runs the backup now (its folder is a file here, so it fails), finds the failure with
 * the system's reason, and discards it; the diretoria has no such tab and is refused at the URL.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { withPage } from '../support/browser';
import { openPanel, panelSuite } from './painel-helpers';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-tarefas-ui-'));
const notADir = path.join(dir, 'nao-e-pasta');
fs.writeFileSync(notADir, 'x');

const t = panelSuite({ env: () => ({ BACKUP_DIR: notADir, BACKUP_CRON: '0 3 * * *' }) });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('Tarefas em segundo plano', () => {
  it('the master sees the jobs, runs the backup now, finds its failure and discards it', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master, '/painel/configuracoes');
      await page.getByRole('tab', { name: 'Tarefas' }).click();
      await page.waitForURL(/\/painel\/configuracoes\/tarefas$/);
      const jobs = page.getByRole('table', { name: 'Tarefas em segundo plano' });
      const backup = jobs.getByRole('row').filter({ hasText: 'Backup' });
      await backup.waitFor();
      expect(await backup.textContent()).toContain('agendada (cron 0 3 * * *)');
      expect(await jobs.getByRole('row').filter({ hasText: 'AuditoriaRetencao' }).textContent()).toContain('a cada 6 h');
      await page.getByText('Modo local: as tarefas rodam neste processo').waitFor();

      await backup.getByRole('button', { name: 'Executar agora: Backup' }).click();
      await page.getByText('Tarefa "Backup" posta para rodar agora.').waitFor();
      const falhas = page.getByRole('table', { name: 'Execuções com falha' });
      const falha = falhas.getByRole('row').filter({ hasText: 'Backup' });
      await falha.waitFor({ timeout: 20_000 });
      expect(await falha.textContent()).toMatch(/EEXIST|ENOTDIR|nao-e-pasta/);
      await backup.getByText('Falhou').waitFor();
      await page.getByText('Falhas: 1').waitFor();

      await falha.getByRole('button', { name: 'Descartar' }).click();
      await page.getByText('Falha descartada.').waitFor();
      await page.getByText('Nenhuma falha registrada.').waitFor();
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    });
  });

  it('the diretoria has no Tarefas tab and is refused at the URL', async () => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.diretoria, '/painel/configuracoes');
      await page.getByRole('tab', { name: 'Processos' }).waitFor();
      expect(await page.getByRole('tab', { name: 'Tarefas' }).count()).toBe(0);
      await page.goto(`${t.app.baseUrl}/painel/configuracoes/tarefas`);
      await page.getByText(/não tem permissão|Acesso negado|sem permissão/i).first().waitFor();
      expect(await page.getByRole('table', { name: 'Tarefas em segundo plano' }).count()).toBe(0);
    });
  });
});
