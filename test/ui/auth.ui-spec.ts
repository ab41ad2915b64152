/*
 * Signing in and out as a person does it, in Chromium, against the built product
 * (node backend/dist/main.js serving the API and the three front ends on one origin).
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser, type PageProblems, withPage } from '../support/browser';
import { registerCliente, startApp } from '../support/server';

type App = Awaited<ReturnType<typeof startApp>>;
type Cliente = Awaited<ReturnType<typeof registerCliente>>;

let app: App;
let chromium: LaunchedBrowser;
let browser: Browser;
let cliente: Cliente;

beforeAll(async () => {
  [app, chromium] = await Promise.all([startApp(), launchBrowser()]);
  browser = chromium.browser;
  cliente = await registerCliente(app.baseUrl);
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
});

const url = (path: string) => app.baseUrl + path;
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function waitForPath(page: Page, path: string | RegExp) {
  const matches = (u: URL) => (typeof path === 'string' ? u.pathname === path : path.test(u.pathname));
  await page.waitForURL(matches, { timeout: 15_000 });
}

/** Fills the /login form and submits it (the button is enabled once the page has hydrated). */
async function submitLogin(page: Page, email: string, password: string) {
  if (pathOf(page) !== '/login') await page.goto(url('/login'));
  // The form is a prerendered island: typing before it hydrates would submit the plain HTML form
  // (seen once on a loaded machine). Its chunk arrives after the page: wait for the network to rest.
  await page.waitForLoadState('networkidle');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.locator('form').getByRole('button', { name: 'Entrar' }).click();
}

async function alertText(page: Page): Promise<string> {
  const alert = page.getByRole('alert').filter({ hasText: /\S/ }).first();
  await alert.waitFor({ timeout: 10_000 });
  return (await alert.textContent())?.trim() ?? '';
}

async function signInAsMaster(page: Page) {
  await submitLogin(page, app.masterEmail, app.masterPassword);
  await waitForPath(page, '/painel');
  await page.getByText(/^Olá, /).waitFor({ timeout: 15_000 });
}

async function signInAsCliente(page: Page) {
  await submitLogin(page, cliente.email, cliente.password);
  await waitForPath(page, '/cliente');
  await page.getByRole('heading', { name: `Olá, ${cliente.razaoSocial}` }).waitFor({ timeout: 15_000 });
}

const storageItem = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

/** No CSP violation, no uncaught error, no console error (hydration mismatches are logged there). */
function expectNoPageProblems(problems: PageProblems) {
  expect(problems.cspViolations).toEqual([]);
  expect(problems.pageErrors).toEqual([]);
  // A refused login is logged by the browser itself as a failed resource load.
  expect(problems.consoleErrors.filter((text) => !/status of 401/.test(text))).toEqual([]);
}

describe('sign in at /login', () => {
  it('master signs in and lands on the panel, greeted by name', async () => {
    await withPage(browser, async (page, problems) => {
      await signInAsMaster(page);
      await page.getByText('Olá, Administrador Master').waitFor();
      await page.getByText('Tipo de usuário:').waitFor();
      expect(await page.getByText('Tipo de usuário:').textContent()).toContain('Master');
      expect(await storageItem(page, 'userRole')).toBe('user');
      expect(await storageItem(page, 'userType')).toBe('master');
      expect(await storageItem(page, 'isAuthenticated')).toBe('true');
      expectNoPageProblems(problems);
    });
  });

  it('a registered client signs in and lands on the client area', async () => {
    await withPage(browser, async (page, problems) => {
      await signInAsCliente(page);
      expect(await storageItem(page, 'userRole')).toBe('cliente');
      expect(await storageItem(page, 'userName')).toBe(cliente.razaoSocial);
      expectNoPageProblems(problems);
    });
  });

  it("a wrong password shows 'Email ou senha inválidos.'", async () => {
    await withPage(browser, async (page, problems) => {
      await submitLogin(page, app.masterEmail, 'Errada!2026pw');
      expect(await alertText(page)).toBe('Email ou senha inválidos.');
      expect(pathOf(page)).toBe('/login');
      expect(await storageItem(page, 'token')).toBeNull();
      // The button is usable again after a failure.
      expect(await page.locator('form').getByRole('button', { name: 'Entrar' }).isEnabled()).toBe(true);
      expectNoPageProblems(problems);
    });
  });

  it("empty fields show 'Por favor, preencha todos os campos.' without calling the API", async () => {
    await withPage(browser, async (page) => {
      const logins: string[] = [];
      page.on('request', (req) => {
        if (req.url().includes('/login') && req.method() === 'POST') logins.push(req.url());
      });
      await submitLogin(page, '', '');
      expect(await alertText(page)).toBe('Por favor, preencha todos os campos.');
      await submitLogin(page, app.masterEmail, '');
      expect(await alertText(page)).toBe('Por favor, preencha todos os campos.');
      expect(logins).toEqual([]);
    });
  });

  it("shows 'Entrando...' on a disabled button while signing in", async () => {
    await withPage(browser, async (page) => {
      await page.route('**/api/auth/login', async (route) => {
        await new Promise((r) => setTimeout(r, 800));
        await route.continue();
      });
      await submitLogin(page, app.masterEmail, app.masterPassword);
      const busy = page.locator('form').getByRole('button', { name: 'Entrando...' });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      await waitForPath(page, '/painel');
    });
  });

  it('links to password recovery and to client registration', async () => {
    await withPage(browser, async (page) => {
      await page.goto(url('/login'));
      expect(await page.getByRole('link', { name: 'Esqueceu sua senha?' }).getAttribute('href')).toBe('/recuperar-senha');
      expect(await page.locator('a[href="/cadastro"]').count()).toBeGreaterThan(0);
    });
  });
});

describe('sign out', () => {
  it('logout from the panel returns to /login, and /painel then sends to /login', async () => {
    await withPage(browser, async (page) => {
      await signInAsMaster(page);
      // The profile button with the person's name (the icon stands in while the identity loads).
      const perfil = page.getByRole('button', { name: 'Perfil' }).filter({ hasText: /\w/ });
      await perfil.click();
      // Two CI rehearsals on a loaded machine found the menu open with "Sair" under its own invisible
      // backdrop for 30 s (an open race, see the issue 14 note): as a person would, close it and open again.
      const sair = page.getByRole('menuitem', { name: 'Sair' });
      try {
        await sair.click({ timeout: 5_000 });
      } catch {
        await page.keyboard.press('Escape');
        await perfil.click();
        await sair.click();
      }
      await waitForPath(page, '/login');
      expect(await storageItem(page, 'token')).toBeNull();
      expect(await storageItem(page, 'isAuthenticated')).toBeNull();
      await page.goto(url('/painel'));
      await waitForPath(page, '/login');
      await page.getByLabel('E-mail').waitFor();
    });
  });

  it('logout from the client area returns to /login, and /painel and /cliente then send to /login', async () => {
    await withPage(browser, async (page) => {
      await signInAsCliente(page);
      await page.getByRole('button', { name: 'Sair' }).click();
      await waitForPath(page, '/login');
      for (const key of ['token', 'isAuthenticated', 'userRole', 'userName']) {
        expect(await storageItem(page, key)).toBeNull();
      }
      await page.goto(url('/painel'));
      await waitForPath(page, '/login');
      await page.goto(url('/cliente'));
      await waitForPath(page, '/login');
      await page.getByLabel('E-mail').waitFor();
    });
  });
});

describe('stored sessions', () => {
  it("a stored staff session signs in from /login ('Autenticando...', then the panel)", async () => {
    await withPage(browser, async (page) => {
      await signInAsMaster(page);
      await page.evaluate(() => window.localStorage.setItem('simulatedUserType', 'associado'));
      await page.route('**/api/auth/me', async (route) => {
        await new Promise((r) => setTimeout(r, 800));
        await route.continue();
      });
      await page.goto(url('/login'));
      await page.getByText('Autenticando...').waitFor();
      await waitForPath(page, '/painel');
      await page.getByText('Olá, Administrador Master').waitFor({ timeout: 15_000 });
      // The login page forgets any simulated view on load (§4).
      expect(await storageItem(page, 'simulatedUserType')).toBeNull();
    });
  });

  it("a stored client session signs in from /login ('Autenticando...', then the client area)", async () => {
    await withPage(browser, async (page) => {
      await signInAsCliente(page);
      await page.route('**/api/clientes/me', async (route) => {
        await new Promise((r) => setTimeout(r, 800));
        await route.continue();
      });
      await page.goto(url('/login'));
      await page.getByText('Autenticando...').waitFor();
      await waitForPath(page, '/cliente');
      await page.getByRole('heading', { name: `Olá, ${cliente.razaoSocial}` }).waitFor();
    });
  });

  it('a stored token the server rejects is forgotten and the form is shown', async () => {
    await withPage(browser, async (page) => {
      await page.goto(url('/login'));
      await page.evaluate(() => {
        localStorage.setItem('token', 'token-invalido');
        localStorage.setItem('userRole', 'user');
        localStorage.setItem('isAuthenticated', 'true');
        localStorage.setItem('userData', '{"permissions":["Master"]}');
      });
      await page.reload();
      await page.getByLabel('E-mail').waitFor();
      await page.waitForFunction(() => localStorage.getItem('token') === null);
      for (const key of ['userRole', 'isAuthenticated', 'userData']) {
        expect(await storageItem(page, key)).toBeNull();
      }
      expect(pathOf(page)).toBe('/login');
    });
  });

  it('the panel sends a rejected stored token to /login and clears the session', async () => {
    await withPage(browser, async (page) => {
      await page.goto(url('/login'));
      await page.evaluate(() => {
        localStorage.setItem('token', 'token-invalido');
        localStorage.setItem('userRole', 'user');
        localStorage.setItem('isAuthenticated', 'true');
        localStorage.setItem('userType', 'master');
        localStorage.setItem('userData', '{"permissions":["Master"]}');
      });
      await page.goto(url('/painel'));
      await waitForPath(page, '/login');
      await page.getByLabel('E-mail').waitFor();
      expect(await storageItem(page, 'token')).toBeNull();
    });
  });
});

describe('route protection', () => {
  it('a client visiting /painel is sent to /cliente', async () => {
    await withPage(browser, async (page) => {
      await signInAsCliente(page);
      await page.goto(url('/painel'));
      await waitForPath(page, '/cliente');
      await page.getByRole('heading', { name: `Olá, ${cliente.razaoSocial}` }).waitFor();
      expect(await storageItem(page, 'userRole')).toBe('cliente');
    });
  });

  it('staff visiting /cliente are sent to /painel', async () => {
    await withPage(browser, async (page) => {
      await signInAsMaster(page);
      await page.goto(url('/cliente'));
      await waitForPath(page, '/painel');
      await page.getByText('Olá, Administrador Master').waitFor({ timeout: 15_000 });
    });
  });

  it.each(['/painel', '/painel/clientes', '/cliente'])('an anonymous visitor of %s is sent to /login', async (path) => {
    await withPage(browser, async (page) => {
      await page.goto(url(path));
      await waitForPath(page, '/login');
      await page.getByLabel('E-mail').waitFor();
    });
  });

  it("the client area shows 'Carregando...' while it checks the session", async () => {
    await withPage(browser, async (page) => {
      await signInAsCliente(page);
      await page.route('**/api/clientes/me', async (route) => {
        await new Promise((r) => setTimeout(r, 800));
        await route.continue();
      });
      await page.goto(url('/cliente'));
      await page.getByText('Carregando...').waitFor();
      await page.getByRole('heading', { name: `Olá, ${cliente.razaoSocial}` }).waitFor();
    });
  });
});

describe('public pages', () => {
  it('the home page is prerendered and hydrates without CSP violations', async () => {
    await withPage(browser, async (page, problems) => {
      const response = await page.goto(url('/'));
      const html = (await response?.text()) ?? '';
      expect(html).toContain('Veritas Assessoria Empresarial');
      expect(html).toContain('Aquele que traz a verdade');
      await page.getByRole('link', { name: 'Entrar' }).first().waitFor();
      expectNoPageProblems(problems);
    });
  });

  it('the header menu collapses behind a toggle at 768 px', async () => {
    await withPage(
      browser,
      async (page) => {
        await page.goto(url('/'));
        const toggle = page.getByRole('button', { name: 'Abrir menu' });
        await toggle.waitFor();
        const servicos = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Serviços' });
        expect(await servicos.isVisible()).toBe(false);
        await toggle.click();
        await servicos.waitFor({ state: 'visible' });
        expect(await page.getByRole('button', { name: 'Fechar menu' }).getAttribute('aria-expanded')).toBe('true');
      },
      { viewport: { width: 768, height: 900 } },
    );
  });

  it('the header shadow strengthens past 50 px of scroll', async () => {
    await withPage(browser, async (page) => {
      await page.goto(url('/'));
      await page.getByRole('link', { name: 'Entrar' }).first().waitFor();
      const header = page.locator('header.site-header');
      expect(await header.getAttribute('class')).not.toContain('site-header--scrolled');
      await page.evaluate(() => window.scrollTo(0, 200));
      await page.waitForSelector('header.site-header--scrolled');
    });
  });
});
