/*
 * The staff panel's frame (§2.10): menus by user type, the remembered sidebar, logout, the
 * master's simulation (and that it changes only what the panel shows), placeholder and unknown
 * routes, and the dashboards on real figures.
 */
import type { Page } from 'playwright-core';
import { type PageProblems, withPage } from '../support/browser';
import { registerCliente } from '../support/server';
import { todayInSaoPaulo, type StaffLoginResponse } from '@veritas/common';
import { call, isFailedLoad, login, openPanel, panelSuite, readMenu, STAFF_PASSWORD, storageItem } from './painel-helpers';

const NO_PERMISSION = 'Você não tem permissão para acessar esta página.';

const t = panelSuite();

function expectClean(problems: PageProblems, allowFailedLoads = false) {
  expect(problems.cspViolations).toEqual([]);
  expect(problems.pageErrors).toEqual([]);
  expect(problems.consoleErrors.filter((t) => !(allowFailedLoads && isFailedLoad(t)))).toEqual([]);
}

const MASTER_MENU: [string, string][] = [
  ['Dashboard', '/painel'],
  ['Email', '/painel/email'],
  ['Registros', '/painel/registros'],
  ['Meus Registros', '/painel/meu-registros'],
  ['Processos', '/painel/processos'],
  ['Finanças', '/painel/financas'],
  ['Equipe', '/painel/equipe'],
  ['Agenda', '/painel/agenda'],
  ['Prazos', '/painel/prazos'],
  ['Documentos', '/painel/documentos'],
  ['Clientes', '/painel/clientes'],
  ['Tipos de Cliente', '/painel/tipos-cliente'],
  ['Mensagens', '/painel/mensagens'],
  ['Relatórios', '/painel/relatorios'],
  ['Configurações', '/painel/configuracoes'],
  ['Auditoria', '/painel/auditoria'],
];
const DIRETORIA_MENU: [string, string][] = [
  ['Dashboard', '/painel'],
  ['Email', '/painel/email'],
  ['Registros', '/painel/registros'],
  ['Processos', '/painel/processos'],
  ['Finanças', '/painel/financas'],
  ['Equipe', '/painel/equipe'],
  ['Clientes', '/painel/clientes'],
  ['Tipos de Cliente', '/painel/tipos-cliente'],
  ['Relatórios', '/painel/relatorios'],
  ['Configurações', '/painel/configuracoes'],
  ['Auditoria', '/painel/auditoria'],
];
const ASSOCIADO_MENU: [string, string][] = [
  ['Dashboard', '/painel'],
  ['Email', '/painel/email'],
  ['Meus Registros', '/painel/meu-registros'],
  ['Processos', '/painel/processos'],
  ['Agenda', '/painel/agenda'],
  ['Prazos', '/painel/prazos'],
  ['Documentos', '/painel/documentos'],
  ['Clientes', '/painel/clientes'],
  ['Mensagens', '/painel/mensagens'],
];

const simulation = (page: Page) => page.getByRole('combobox', { name: 'Visualizar como' });

async function simulate(page: Page, label: 'Associado' | 'Diretoria' | 'Master') {
  await simulation(page).selectOption({ label });
}

describe('menus by user type (§2.10)', () => {
  it.each([
    ['master', 'Diretoria', MASTER_MENU],
    ['diretoria', 'Diretoria', DIRETORIA_MENU],
    ['associado', 'Associados', ASSOCIADO_MENU],
  ] as const)('%s sees the heading %s and exactly its entries, then Sair', async (who, heading, entries) => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff[who]);
      const menu = await readMenu(page);
      expect(menu.heading).toBe(heading);
      expect(menu.items).toEqual(entries);
      await page.getByRole('navigation', { name: 'Menu do painel' }).getByRole('menuitem', { name: 'Sair' }).waitFor();
      // Only a master may simulate another type.
      expect(await simulation(page).count()).toBe(who === 'master' ? 1 : 0);
      expectClean(problems);
    });
  });

  it('the menu link of the current screen is marked, and following one changes the screen', async () => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.diretoria);
      const nav = page.getByRole('navigation', { name: 'Menu do painel' });
      await nav.getByRole('menuitem', { name: 'Tipos de Cliente' }).click();
      await page.getByRole('heading', { name: 'Tipos de Cliente', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/painel/tipos-cliente');
      expect(await nav.locator('a[aria-current="page"]').textContent()).toBe('Tipos de Cliente');
    });
  });
});

describe('routes inside the panel', () => {
  it.each(['/painel/nao-existe'])('%s shows the dashboard', async (path) => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.master, path);
      await page.getByText('Olá, Administrador Master').waitFor();
      await page.getByRole('combobox', { name: 'Período' }).waitFor();
    });
  });
});

/*
 * Issue 9: a permission adds what it grants to the user type's menu, and a screen reached by URL
 * that the person cannot use says so (the same table decides both, and the server).
 */
describe('permissions in the panel (§3.4)', () => {
  const people: Record<string, StaffLoginResponse> = {};
  beforeAll(async () => {
    for (const [name, username, permissions] of [['financeiro', 'fin.dora', ['Financeiro']], ['suporte', 'sup.edu', ['Suporte']]] as const) {
      const r = await call(t.app, 'POST', '/api/users', t.staff.master.token, { username, nomeCompleto: `Pessoa ${username}`, password: STAFF_PASSWORD, isAdmin: false, permissions });
      expect(r.status).toBe(201);
      people[name] = await login(t.app, r.body.data.email, STAFF_PASSWORD);
    }
  });

  it.each([
    ['financeiro', ['Dashboard', 'Email', 'Registros', 'Finanças', 'Agenda', 'Prazos', 'Documentos', 'Clientes', 'Relatórios']],
    ['suporte', ['Dashboard', 'Email', 'Registros', 'Agenda', 'Prazos', 'Documentos', 'Clientes', 'Mensagens']],
  ] as const)('a %s keeps the Associados heading and its permission adds its screens', async (who, labels) => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, people[who]);
      const menu = await readMenu(page);
      expect(menu.heading).toBe('Associados');
      expect(menu.items.map(([label]) => label)).toEqual(labels);
      expectClean(problems);
    });
  });

  it('a suporte opens Mensagens from its menu; a financeiro typing its address is told it has no permission', async () => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, people.suporte);
      await page.getByRole('navigation', { name: 'Menu do painel' }).getByRole('menuitem', { name: 'Mensagens' }).click();
      await page.getByRole('heading', { name: 'Mensagens', level: 1 }).waitFor();
      expect(await page.getByText(NO_PERMISSION).count()).toBe(0);
    });
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, people.financeiro, '/painel/mensagens');
      await page.getByText(NO_PERMISSION).waitFor();
      expect(await page.getByRole('heading', { name: 'Mensagens', level: 1 }).count()).toBe(0);
    });
  });

  it.each([
    ['associado', '/painel/financas'],
    ['associado', '/painel/relatorios'],
    ['associado', '/painel/configuracoes'],
    ['associado', '/painel/registros'],
    ['associado', '/painel/equipe'],
  ] as const)('%s reaching %s by URL is told it has no permission', async (who, path) => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff[who], path);
      await page.getByText(NO_PERMISSION).waitFor();
    });
  });
});

describe('sidebar (§2.10)', () => {
  it('is 240 px open and 70 px closed, and the choice is remembered in sidebarIsOpen', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master);
      const nav = page.getByRole('navigation', { name: 'Menu do painel' });
      const width = async () => (await nav.boundingBox())!.width;
      expect(await width()).toBe(240);
      await page.getByRole('button', { name: 'Fechar menu' }).click();
      await page.waitForFunction(() => window.localStorage.getItem('sidebarIsOpen') === 'false');
      await page.waitForFunction(() => document.querySelector('nav[aria-label="Menu do painel"]')!.getBoundingClientRect().width === 70);
      // Closed, the entries keep their names for screen readers (icons only on screen).
      await nav.getByRole('menuitem', { name: 'Clientes' }).waitFor();
      expect(await nav.getByText('Clientes', { exact: true }).count()).toBe(0);

      await page.reload();
      await nav.waitFor();
      await page.getByText('Olá, Administrador Master').waitFor();
      expect(await width()).toBe(70);
      await page.getByRole('button', { name: 'Abrir menu' }).click();
      await page.waitForFunction(() => window.localStorage.getItem('sidebarIsOpen') === 'true');
      await page.waitForFunction(() => document.querySelector('nav[aria-label="Menu do painel"]')!.getBoundingClientRect().width === 240);
      expectClean(problems);
    });
  });

  /** The chunk of MUI's tooltip and Popper.js (admin/vite.config.ts, codeSplitting group `Tooltip`). */
  const TOOLTIP_CHUNK = /\/painel\/assets\/Tooltip-[\w-]+\.js$/;

  // Found as a flaky run of the test above: the toggle was drawn alone and replaced by itself inside its
  // tooltip when the tooltip's code arrived, and a click across that moment did nothing.
  it("draws the app bar's buttons only once their tooltip's code is here, so no press is lost to a redraw", async () => {
    await withPage(t.browser, async (page, problems) => {
      let asked!: () => void;
      const requested = new Promise<void>((resolve) => (asked = resolve));
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(TOOLTIP_CHUNK, async (route) => {
        asked();
        await held;
        await route.continue();
      });
      const opened = openPanel(page, t.app, t.staff.master);
      await requested;
      // Whatever the page draws without the tooltip's code: until nothing has changed for half a second.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const quiet = () =>
              setTimeout(() => {
                observer.disconnect();
                resolve();
              }, 500);
            const observer = new MutationObserver(() => {
              clearTimeout(timer);
              timer = quiet();
            });
            let timer = quiet();
            observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
          }),
      );
      const toggle = page.getByRole('button', { name: 'Fechar menu' });
      expect(await toggle.count()).toBe(0);

      release();
      await opened;
      await toggle.hover();
      await page.getByRole('tooltip', { name: 'Fechar menu' }).waitFor();
      await toggle.click();
      await page.waitForFunction(() => window.localStorage.getItem('sidebarIsOpen') === 'false');
      await page.getByRole('button', { name: 'Abrir menu' }).waitFor();
      expectClean(problems);
    });
  });

  it('works without tooltips when their code cannot be downloaded', async () => {
    await withPage(t.browser, async (page) => {
      let refused = 0;
      await page.route(TOOLTIP_CHUNK, (route) => {
        refused++;
        return route.abort();
      });
      await openPanel(page, t.app, t.staff.master);
      await page.getByText('Olá, Administrador Master').waitFor();
      await page.getByRole('button', { name: 'Fechar menu' }).click();
      await page.waitForFunction(() => window.localStorage.getItem('sidebarIsOpen') === 'false');
      await page.getByRole('button', { name: 'Abrir menu' }).waitFor();
      expect(refused).toBeGreaterThan(0);
    });
  });

  it('on a phone (360 px) the menu is a drawer that opens from the app bar', async () => {
    await withPage(
      t.browser,
      async (page) => {
        await openPanel(page, t.app, t.staff.associado, '/painel/clientes');
        await page.getByRole('heading', { name: 'Gerenciamento de Clientes' }).waitFor();
        await page.getByRole('button', { name: 'Abrir menu' }).click();
        const nav = page.getByRole('navigation', { name: 'Menu do painel' });
        await nav.getByRole('menuitem', { name: 'Mensagens' }).click();
        await page.waitForURL((u) => u.pathname === '/painel/mensagens');
      },
      { viewport: { width: 360, height: 740 } },
    );
  });

  it("on a phone (360 px) the app bar's title takes two lines at most, beside the master's controls (issue 52)", async () => {
    await withPage(
      t.browser,
      async (page) => {
        for (const path of ['/painel/solicitacoes-titulares', '/painel/tipos-cliente', '/painel/configuracoes']) {
          await openPanel(page, t.app, t.staff.master, path);
          const title = page.locator('#react-admin-title');
          await page.waitForFunction(() => (document.getElementById('react-admin-title')?.textContent ?? '').trim().length > 0);
          const lines = await title.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
          expect([path, lines <= 2]).toEqual([path, true]);
        }
      },
      { viewport: { width: 360, height: 740 } },
    );
  });
});

describe('logout', () => {
  it('Sair in the side menu clears the session and goes to /login', async () => {
    // Sair ends its session on the server (issue 54): a session of its own, so the suite's diretoria token lives on.
    const own = await login(t.app, t.staff.diretoria.user.email, STAFF_PASSWORD);
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, own);
      await page.getByRole('navigation', { name: 'Menu do painel' }).getByRole('menuitem', { name: 'Sair' }).click();
      await page.waitForURL((u) => u.pathname === '/login');
      for (const key of ['token', 'isAuthenticated', 'userRole', 'userType']) expect(await storageItem(page, key)).toBeNull();
    });
  });
});

describe("the master's simulation (§2.10, §4)", () => {
  it('changes the menu and the dashboard, is stored in simulatedUserType, and Redefinir restores the real type', async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.master);
      await simulate(page, 'Associado');
      await page.waitForFunction(() => window.localStorage.getItem('simulatedUserType') === 'associado');
      await page.getByText('Dashboard do Associado').waitFor();
      expect((await readMenu(page)).items).toEqual(ASSOCIADO_MENU);
      expect((await readMenu(page)).heading).toBe('Associados');
      await page.getByText('(visualizando como Associado)').waitFor();

      // Still simulated after a reload.
      await page.reload();
      await page.getByText('Dashboard do Associado').waitFor();
      expect((await readMenu(page)).items).toEqual(ASSOCIADO_MENU);

      await simulate(page, 'Diretoria');
      await page.getByText('Dashboard da Diretoria').waitFor();
      expect((await readMenu(page)).items).toEqual(DIRETORIA_MENU);

      await page.getByRole('button', { name: 'Redefinir' }).click();
      await page.getByText('Dashboard Master').waitFor();
      expect(await storageItem(page, 'simulatedUserType')).toBeNull();
      expect((await readMenu(page)).items).toEqual(MASTER_MENU);
      expectClean(problems);
    });
  });

  it('a master viewing as associado hides master-only controls, but the server still answers as master', async () => {
    const cliente = await registerCliente(t.app.baseUrl);
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.master, '/painel/clientes', { simulatedUserType: 'associado' });
      await page.getByRole('row', { name: new RegExp(cliente.razaoSocial) }).waitFor();
      expect(await page.getByRole('button', { name: `Excluir ${cliente.razaoSocial}` }).count()).toBe(0);
      // The server ignores the simulation: the real master may still list users.
      const status = await page.evaluate(async () => {
        const r = await fetch('/api/users', { headers: { Authorization: `Bearer ${window.localStorage.getItem('token')}` } });
        return r.status;
      });
      expect(status).toBe(200);
    });
  });

  it('a diretoria that writes a master view into storage gets its own menu back and is still refused by the server', async () => {
    const cliente = await registerCliente(t.app.baseUrl);
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.diretoria, '/painel/clientes', { userType: 'master', simulatedUserType: 'master' });
      await page.getByRole('row', { name: new RegExp(cliente.razaoSocial) }).waitFor();
      // The stored type is re-derived from the server's profile, and a non-master's simulation removed.
      expect((await readMenu(page)).items).toEqual(DIRETORIA_MENU);
      expect(await storageItem(page, 'userType')).toBe('diretoria');
      expect(await storageItem(page, 'simulatedUserType')).toBeNull();
      expect(await page.getByRole('button', { name: `Excluir ${cliente.razaoSocial}` }).count()).toBe(0);
      expect(await simulation(page).count()).toBe(0);
      const status = await page.evaluate(async (id) => {
        const r = await fetch(`/api/clientes/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${window.localStorage.getItem('token')}` } });
        return r.status;
      }, cliente.id);
      expect(status).toBe(403);
      expectClean(problems, true);
    });
    expect((await call(t.app, 'GET', `/api/clientes/${cliente.id}`, t.staff.master.token)).status).toBe(200);
  });
});

describe('dashboards on real figures (§2.10)', () => {
  const figure = (page: Page, label: string) => page.locator(`[data-figure="${label}"]`);

  it("master's figures are the server's, and the period selector asks again and relabels them", async () => {
    // Counted now, so the test does not depend on what other tests created.
    const { body } = await call(t.app, 'GET', '/api/dashboard?periodo=30d', t.staff.master.token);
    await withPage(t.browser, async (page, problems) => {
      const periodos: string[] = [];
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.pathname === '/api/dashboard') periodos.push(u.searchParams.get('periodo') ?? '');
      });
      await openPanel(page, t.app, t.staff.master);
      await page.getByText('Dashboard Master').waitFor();
      await figure(page, 'Clientes').waitFor();
      expect(await figure(page, 'Clientes').textContent()).toBe(String(body.data.clientes.total));
      expect(await figure(page, 'Tipos de cliente').textContent()).toBe(String(body.data.tiposCliente.total));
      // The chart arrives in its own chunk.
      const chart = page.getByRole('img', { name: /^Gráfico: Novos clientes: \d+; Novos registros: \d+$/ });
      await chart.waitFor();
      expect(await page.getByRole('heading', { name: /Últimos 30 dias/ }).count()).toBe(1);

      await page.getByRole('combobox', { name: 'Período' }).selectOption({ label: 'Este ano' });
      await page.getByRole('heading', { name: /Este ano/ }).waitFor();
      expect(periodos).toEqual(['30d', 'ano']);
      // One category per month so far this year (the firm's: São Paulo's calendar, as the server counts it,
      // whatever this machine's time zone): the chart's axis and the table behind it.
      const months = Number(todayInSaoPaulo().slice(5, 7));
      const rows = page.locator('table[data-chart-table] tbody tr');
      expect(await rows.count()).toBe(months);
      expect(await chart.locator('svg').count()).toBeGreaterThan(0);
      expect(await chart.getByText('jan', { exact: true }).count()).toBe(1);

      await page.getByRole('combobox', { name: 'Período' }).selectOption({ label: 'Últimos 7 dias' });
      await page.getByRole('heading', { name: /Últimos 7 dias/ }).waitFor();
      expect(await rows.count()).toBe(7);
      expectClean(problems);
    });
  });

  it('a new client shows up in the figures after a reload', async () => {
    await withPage(t.browser, async (page) => {
      await openPanel(page, t.app, t.staff.diretoria);
      await page.getByText('Dashboard da Diretoria').waitFor();
      const before = Number(await figure(page, 'Novos clientes').textContent());
      await registerCliente(t.app.baseUrl);
      await page.reload();
      await page.getByText('Dashboard da Diretoria').waitFor();
      await page.waitForFunction(
        (n) => document.querySelector('[data-figure="Novos clientes"]')?.textContent === String(n),
        before + 1,
      );
      // Diretoria does not get the master's extra figures.
      expect(await figure(page, 'Tipos de cliente').count()).toBe(0);
    });
  });

  it("associado sees its own work: 'Meus registros em aberto'", async () => {
    await withPage(t.browser, async (page, problems) => {
      await openPanel(page, t.app, t.staff.associado);
      await page.getByText('Dashboard do Associado').waitFor();
      await figure(page, 'Meus registros em aberto').waitFor();
      expect(await figure(page, 'Clientes').count()).toBe(0);
      expectClean(problems);
    });
  });
});

/** The names of the panel's scripts the page downloads, in order, as they are requested. */
function panelScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/painel/assets/') && u.pathname.endsWith('.js')) scripts.push(u.pathname.split('/').pop()!);
  });
  return scripts;
}

describe('bundle split', () => {
  it('a first screen loads neither the chart, the CNPJ tabs nor the mailbox; each comes when needed', async () => {
    await withPage(t.browser, async (page) => {
      const scripts = panelScripts(page);
      await openPanel(page, t.app, t.staff.master, '/painel/configuracoes');
      await page.getByRole('heading', { name: 'Gerenciamento de Usuários' }).waitFor();
      expect(scripts.filter((s) => /^(SerieChart|CnpjTabs|Email|Mail|Compose|ClientesPage|TipoClienteList)/.test(s))).toEqual([]);
      expect(scripts.some((s) => s.startsWith('UserList'))).toBe(true);

      await page.getByRole('navigation', { name: 'Menu do painel' }).getByRole('menuitem', { name: 'Dashboard' }).click();
      await page.getByRole('img', { name: /^Gráfico/ }).waitFor();
      expect(scripts.some((s) => s.startsWith('SerieChart'))).toBe(true);
      expect(scripts.some((s) => s.startsWith('CnpjTabs'))).toBe(false);
    });
  });

  it("a screen whose code cannot be downloaded says so and offers Recarregar; the profile menu comes with its first use", async () => {
    await withPage(t.browser, async (page) => {
      const scripts = panelScripts(page);
      // A deploy replaced the mailbox's chunk, or the network fell: its download fails.
      await page.route(/\/painel\/assets\/EmailPage-[^/]+\.js$/, (route) => route.abort());
      await openPanel(page, t.app, t.staff.master);
      await page.getByText('Dashboard Master').waitFor();
      expect(scripts.some((s) => s.startsWith('UserMenuPopup'))).toBe(false);

      await page.getByRole('navigation', { name: 'Menu do painel' }).getByRole('menuitem', { name: 'Email' }).click();
      await page.getByRole('alert').filter({ hasText: 'Ocorreu um problema' }).waitFor();
      await page.getByText('Não foi possível carregar esta tela: recarregue a página.').waitFor();
      expect(await page.getByRole('button', { name: 'Recarregar' }).count()).toBe(1);
      // The menu still works: another screen replaces the error.
      await page.getByRole('navigation', { name: 'Menu do painel' }).getByRole('menuitem', { name: 'Dashboard' }).click();
      await page.getByText('Dashboard Master').waitFor();
      expect(await page.getByText('Ocorreu um problema').count()).toBe(0);

      await page.getByRole('button', { name: 'Perfil' }).click();
      const profileSair = page.locator('#menu-appbar').getByRole('menuitem', { name: 'Sair', exact: true });
      await profileSair.waitFor();
      expect(scripts.some((s) => s.startsWith('UserMenuPopup'))).toBe(true);
      await page.keyboard.press('Escape');
      await profileSair.waitFor({ state: 'detached' });
    });
  });
});
