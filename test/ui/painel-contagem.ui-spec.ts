/*
 * Counts that stop (issue 14): in a firm of 1,100 clients (npm run seed:demo), a search matching
 * them all pages as "1–10 de mais de 1.000" (the server counted up to its limit), goes to the next
 * page, and a search matching one client is counted exactly again. The same in the master's mailbox
 * (1,700 demo messages, about 1,200 of them in Entrada), for the folder and for a search.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { withPage } from '../support/browser';
import { ROOT, UI_MASTER_PASSWORD } from '../support/server';
import { openPanel, panelSuite } from './painel-helpers';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-contagem-ui-'));
execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'seed-demo.mjs'), '--clientes', '1100', '--registros', '0', '--emails', '1700'], {
  cwd: ROOT,
  env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, MASTER_PASSWORD: UI_MASTER_PASSWORD, PASSWORD_HASH_COST: 'fast' },
  stdio: 'ignore',
  timeout: 120_000,
});
const db = new Database(path.join(dataDir, 'app.sqlite'), { readonly: true });
const um = db.prepare('SELECT razaoSocial, email FROM clientes ORDER BY createdAt LIMIT 1').get() as { razaoSocial: string; email: string };
db.close();

const t = panelSuite({ dataDir: () => dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('Clientes: contagem que para em 1.000', () => {
  it('pages a search of 1,100 matches as "mais de 1.000" and counts a narrow one exactly', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master, '/painel/clientes');
      const search = page.getByRole('searchbox');
      // Every demo client's e-mail ends in ".demo.example".
      await search.fill('demo.example');
      await page.getByText('1–10 de mais de 1.000').waitFor();
      expect(await page.locator('tbody tr').count()).toBe(10);
      await page.getByRole('button', { name: /Próxima/ }).click();
      await page.getByText('11–20 de mais de 1.000').waitFor();
      await search.fill(um.email);
      await page.getByText('1-1 de 1').waitFor();
      expect(await page.locator('tbody tr').first().textContent()).toContain(um.razaoSocial);
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    });
  });
});

describe('Email: contagem que para em 1.000', () => {
  it('pages a folder and a search of more than 1,000 messages as "mais de 1.000" and finds nothing for an absent one', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master, '/painel/email');
      // Entrada holds about 1,200 demo messages: its count stops at the limit too.
      await page.getByText('1–50 de mais de 1.000').waitFor();
      await page.getByRole('button', { name: 'Próxima página' }).click();
      await page.getByText('51–100 de mais de 1.000').waitFor();
      // Every demo message is from or to a demo client's address, "….demo.example"; a search starts at page 1.
      const search = page.getByRole('searchbox', { name: 'Pesquisar email' });
      const searched = page.waitForResponse((r) => r.url().includes('/api/emails?') && decodeURIComponent(r.url()).includes('"q":"demo.example"'));
      await search.fill('demo.example');
      await searched;
      await page.getByText('1–50 de mais de 1.000').waitFor();
      await search.fill('zzzz-nada');
      await page.getByText('Nenhum email encontrado').waitFor();
      expect(await page.getByText(/de mais de 1\.000/).count()).toBe(0);
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    });
  });
});
