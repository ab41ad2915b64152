/*
 * The public site as visitors, crawlers and assistive technology meet it (issue 5), against the
 * built product: every page prerendered (content without JavaScript), header and FAQ behaviour,
 * SEO tags and structured data, no dead internal link, no third-party request, and axe-core's
 * accessibility rules on every page.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { firmFromEnv } from '@veritas/common';
import { axeViolations } from '../support/axe';
import { launchBrowser, type LaunchedBrowser, type PageProblems, withPage } from '../support/browser';
import { ROOT, startApp } from '../support/server';

type App = Awaited<ReturnType<typeof startApp>>;

let app: App;
let chromium: LaunchedBrowser;
let browser: Browser;

beforeAll(async () => {
  [app, chromium] = await Promise.all([startApp(), launchBrowser()]);
  browser = chromium.browser;
});

afterAll(async () => {
  await chromium?.close();
  await app?.stop();
});

// The site is built with the firm's data from the environment; so is this expectation.
const firm = firmFromEnv(process.env);
const url = (p: string) => app.baseUrl + p;

const SERVICE_PAGES: Record<string, string> = {
  'abertura-empresas': 'Abertura de Empresas',
  'alteracoes-contratuais': 'Alterações Contratuais',
  'baixa-empresas': 'Baixa de Empresas',
  certidoes: 'Certidões e Documentos',
  consultorias: 'Consultoria Empresarial',
  consultoria: 'Consultoria Empresarial',
  'arquivamento-balancos': 'Arquivamento de Balanços',
  'marca-patentes': 'Registro de Marcas e Patentes',
  'transformacao-empresarial': 'Transformação Empresarial',
};

/** Every public route with its <h1> and a text its content must show (§2.1–§2.7, issue 5). */
const PAGES: { path: string; h1: string | RegExp; shows: (string | RegExp)[] }[] = [
  { path: '/', h1: firm.brandName, shows: [firm.tagline, 'Quem somos', 'Nossos serviços', 'Por que escolher'] },
  { path: '/nossos-servicos', h1: 'Nossos serviços', shows: ['Abertura de Empresas', 'Transformação Empresarial', 'Dúvidas frequentes'] },
  { path: '/servicos', h1: 'Serviços de registro empresarial', shows: ['Registro de Marcas e Patentes'] },
  ...Object.entries(SERVICE_PAGES).map(([slug, title]) => ({
    path: `/servicos/${slug}`,
    h1: title,
    shows: ['O que é', 'Documentos necessários', 'Prazo típico', 'Como solicitar'],
  })),
  { path: '/contato', h1: 'Fale Conosco', shows: [firm.address, firm.phone, firm.email, firm.hoursWeekdays, firm.hoursSaturday, 'Envie sua mensagem'] },
  { path: '/fale-conosco', h1: 'Fale Conosco', shows: [firm.address, firm.priorityEmail, 'Atendimento urgente'] },
  { path: '/about-us', h1: `Sobre a ${firm.brandName}`, shows: ['Nossa história', 'Missão', 'Visão', 'Valores', 'Nossa equipe', 'Nossos diferenciais', 'O que dizem nossos clientes'] },
  { path: '/faq', h1: 'Perguntas frequentes', shows: ['Perguntas gerais', 'Questões avançadas'] },
  { path: '/blog', h1: 'Blog', shows: ['Como abrir uma empresa'] },
  { path: '/termos', h1: 'Termos de uso', shows: ['Área do cliente'] },
  { path: '/privacidade', h1: 'Política de privacidade', shows: ['Quem é o controlador', 'Seus direitos', 'Como exercer seus direitos', 'Prazo de guarda'] },
  { path: '/login', h1: 'Entrar', shows: ['Esqueceu sua senha?'] },
  { path: '/cadastro', h1: /cadastr/i, shows: ['CNPJ'] },
  { path: '/recuperar-senha', h1: /senha/i, shows: ['E-mail'] },
  { path: '/redefinir-senha', h1: /senha/i, shows: [] },
  { path: '/convite', h1: /convite/i, shows: [] },
];

/** Links on the blog index: the articles. */
async function blogArticlePaths(): Promise<string[]> {
  const html = await (await fetch(url('/blog'))).text();
  return [...new Set([...html.matchAll(/href="(\/blog\/[a-z0-9-]+)"/g)].map((m) => m[1]))];
}

/** No CSP violation, uncaught error, console error, or request to another host. */
function watchRequests(page: Page): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const target = request.url();
    if (/^(data|blob):/.test(target)) return;
    if (new URL(target).origin !== app.baseUrl) foreign.push(target);
  });
  return foreign;
}

function expectClean(problems: PageProblems, foreign: string[]) {
  expect(problems.cspViolations).toEqual([]);
  expect(problems.pageErrors).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
  expect(foreign).toEqual([]);
}

describe('every public page is prerendered', () => {
  it('renders its content with JavaScript disabled, with no request to another host', async () => {
    const articles = await blogArticlePaths();
    expect(articles.length).toBeGreaterThanOrEqual(3);
    const pages = [...PAGES, ...articles.map((p) => ({ path: p, h1: /\S/, shows: ['Continue lendo'] }))];
    await withPage(
      browser,
      async (page, problems) => {
        const foreign = watchRequests(page);
        for (const { path: route, h1, shows } of pages) {
          const response = await page.goto(url(route));
          expect({ route, status: response?.status(), landed: new URL(page.url()).pathname }).toEqual({ route, status: 200, landed: route });
          const heading = (await page.locator('h1').first().textContent())?.trim() ?? '';
          if (typeof h1 === 'string') expect(heading).toBe(h1);
          else expect(heading).toMatch(h1);
          const main = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
          for (const text of shows) {
            if (typeof text === 'string') expect(main).toContain(text);
            else expect(main).toMatch(text);
          }
          // Header and footer on every page.
          expect(await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'FAQ' }).isVisible()).toBe(true);
          expect(await page.locator('footer').innerText()).toContain(firm.phone);
        }
        expectClean(problems, foreign);
      },
      { javaScriptEnabled: false },
    );
  });

  it('with JavaScript, every page runs without errors or CSP violations and asks no other host for anything', async () => {
    const routes = [...PAGES.map((p) => p.path), ...(await blogArticlePaths())];
    await withPage(browser, async (page, problems) => {
      const foreign = watchRequests(page);
      for (const route of routes) {
        await page.goto(url(route));
        await page.waitForLoadState('networkidle');
      }
      expectClean(problems, foreign);
    });
  });

  it('the services page has a block at each anchor of §2.4, each with a request button to /contato', async () => {
    await withPage(browser, async (page) => {
      await page.goto(url('/nossos-servicos'));
      for (const anchor of ['abertura-empresas', 'alteracoes-contratuais', 'certidoes', 'arquivamento-balancos', 'consultoria', 'baixa-empresas', 'marca-patentes', 'transformacao-empresarial']) {
        const block = page.locator(`section#${anchor}`);
        expect(await block.count()).toBe(1);
        expect(await block.getByRole('link', { name: /^Solicitar/ }).getAttribute('href')).toBe('/contato');
      }
      expect(await page.locator('main a[href^="tel:"]').count()).toBeGreaterThan(0);
      expect(await page.locator('main details').count()).toBe(4);
      expect(await page.locator('main a[href="/faq"]').count()).toBeGreaterThan(0);
    });
  });

  it('the home page shows six service cards linking to /servicos/{slug}, and links to the pages of §2.3', async () => {
    await withPage(browser, async (page) => {
      await page.goto(url('/'));
      const cards = page.locator('main .service-card');
      expect(await cards.count()).toBe(6);
      for (const card of await cards.all()) expect(await card.locator('a').getAttribute('href')).toMatch(/^\/servicos\/[a-z-]+$/);
      for (const href of ['/nossos-servicos', '/fale-conosco', '/contato']) expect(await page.locator(`main a[href="${href}"]`).count()).toBeGreaterThan(0);
    });
  });

  it('the contact page has the urgent buttons and a map that loads nothing until asked', async () => {
    await withPage(browser, async (page, problems) => {
      const foreign = watchRequests(page);
      await page.goto(url('/contato'));
      await page.waitForLoadState('networkidle');
      const digits = (phone: string) => phone.replace(/\D/g, '');
      expect(await page.getByRole('link', { name: 'WhatsApp', exact: true }).getAttribute('href')).toContain(`https://wa.me/55${digits(firm.whatsapp)}`);
      expect(await page.getByRole('link', { name: 'E-mail prioritário' }).getAttribute('href')).toMatch(new RegExp(`^mailto:${firm.priorityEmail}`));
      const map = page.getByRole('link', { name: /Abrir no mapa/ });
      expect(await map.getAttribute('target')).toBe('_blank');
      expect(await page.locator('iframe').count()).toBe(0);
      // The form is hydrated (its button is enabled once its script runs).
      await page.getByRole('button', { name: /Enviar/ }).and(page.locator(':enabled')).waitFor();
      expectClean(problems, foreign);
    });
  });
});

describe('header', () => {
  it('collapses behind a toggle at 768 px and shows the menu at 769 px', async () => {
    await withPage(
      browser,
      async (page, problems) => {
        await page.goto(url('/faq'));
        const menu = page.getByRole('navigation', { name: 'Menu principal' });
        const toggle = page.locator('.nav-toggle');
        expect(await toggle.isVisible()).toBe(true);
        expect(await menu.isVisible()).toBe(false);
        await page.getByRole('button', { name: 'Abrir menu' }).click();
        await menu.waitFor({ state: 'visible' });
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        // Escape closes it and gives the focus back to the toggle.
        await menu.getByRole('link', { name: 'Início' }).focus();
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden' });
        expect(await toggle.getAttribute('aria-label')).toBe('Abrir menu');
        expect(await page.evaluate(() => document.activeElement?.classList.contains('nav-toggle'))).toBe(true);

        await page.setViewportSize({ width: 769, height: 900 });
        await menu.waitFor({ state: 'visible' });
        expect(await toggle.isVisible()).toBe(false);
        expect(problems.cspViolations).toEqual([]);
      },
      { viewport: { width: 768, height: 900 } },
    );
  });

  it('without JavaScript the narrow-screen menu is shown open (the toggle could not work)', async () => {
    await withPage(
      browser,
      async (page) => {
        await page.goto(url('/'));
        expect(await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Sobre Nós' }).isVisible()).toBe(true);
        expect(await page.locator('.nav-toggle').isVisible()).toBe(false);
      },
      { viewport: { width: 360, height: 800 }, javaScriptEnabled: false },
    );
  });

  it('marks the current page in the menu', async () => {
    await withPage(browser, async (page) => {
      await page.goto(url('/servicos/certidoes'));
      const current = page.getByRole('navigation', { name: 'Menu principal' }).locator('[aria-current="page"]');
      expect(await current.textContent()).toBe('Serviços');
    });
  });
});

describe('FAQ', () => {
  it('has six categories and 24 questions, each opening and closing independently', async () => {
    await withPage(browser, async (page) => {
      await page.goto(url('/faq'));
      for (const id of ['geral', 'abertura', 'alteracoes', 'certidoes', 'balancos', 'avancadas']) {
        expect(await page.locator(`section#${id}`).count()).toBe(1);
        expect(await page.locator(`nav[aria-label="Categorias"] a[href="#${id}"]`).count()).toBe(1);
      }
      const items = page.locator('main details.faq-item');
      expect(await items.count()).toBe(24);
      const [first, second, third] = [items.nth(0), items.nth(1), items.nth(5)];
      const isOpen = (item: typeof first) => item.evaluate((el) => (el as HTMLDetailsElement).open);
      expect([await isOpen(first), await isOpen(second), await isOpen(third)]).toEqual([false, false, false]);
      await first.locator('summary').click();
      await second.locator('summary').click();
      await third.locator('summary').click();
      expect([await isOpen(first), await isOpen(second), await isOpen(third)]).toEqual([true, true, true]);
      expect(await first.locator('p').isVisible()).toBe(true);
      await first.locator('summary').click();
      expect([await isOpen(first), await isOpen(second), await isOpen(third)]).toEqual([false, true, true]);
      expect(await first.locator('p').isVisible()).toBe(false);
      // Keyboard: Enter on a focused question toggles it.
      await first.locator('summary').focus();
      await page.keyboard.press('Enter');
      expect(await isOpen(first)).toBe(true);
    });
  });

  it('states the time claims of §2.7', async () => {
    await withPage(browser, async (page) => {
      await page.goto(url('/faq'));
      const text = (await page.locator('main').textContent())!.replace(/\s+/g, ' ');
      for (const claim of ['de 5 a 15 dias úteis', 'de 3 a 7 dias úteis', 'em 1 a 3 dias úteis', 'em 2 a 5 dias úteis', 'de 30 a 90 dias', 'em até 30 dias da aprovação']) {
        expect(text).toContain(claim);
      }
    });
  });

  it('the category navigation scrolls smoothly to its category', async () => {
    await withPage(browser, async (page) => {
      await page.goto(url('/faq'));
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
      await page.locator('nav[aria-label="Categorias"] a[href="#avancadas"]').click();
      await page.waitForFunction(() => {
        const top = document.getElementById('avancadas')!.getBoundingClientRect().top;
        return top >= 0 && top < 200;
      });
      expect(new URL(page.url()).hash).toBe('#avancadas');
    });
  });
});

describe('search engines', () => {
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

  it('each page has its own title and description, a canonical URL on SITE_URL and Open Graph tags', async () => {
    const titles = new Set<string>();
    for (const { path: route } of PAGES) {
      const html = await (await fetch(url(route))).text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title).toBeTruthy();
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(canonical?.startsWith(firm.siteUrl.replace(/\/+$/, ''))).toBe(true);
      // Titles are unique among the pages that are their own canonical (an alias repeats its original).
      if (new URL(canonical!).pathname === route) {
        expect({ route, repeated: titles.has(title!) }).toEqual({ route, repeated: false });
        titles.add(title!);
      }
      for (const property of ['og:title', 'og:description', 'og:url', 'og:type', 'og:locale']) expect(html).toContain(`property="${property}"`);
    }
    // A page that repeats another names the original.
    const faleConosco = await (await fetch(url('/fale-conosco'))).text();
    expect(faleConosco).toContain(`<link rel="canonical" href="${firm.siteUrl.replace(/\/+$/, '')}/contato"`);
  });

  it('describes the firm as a ProfessionalService with address and hours, and /faq as a FAQPage', async () => {
    const home = jsonLd(await (await fetch(url('/'))).text());
    const business = home.find((d) => d['@type'] === 'ProfessionalService');
    expect(business).toMatchObject({ name: firm.brandName, telephone: firm.phone, address: { streetAddress: firm.address, postalCode: firm.cep } });
    expect(business.openingHoursSpecification).toEqual([
      expect.objectContaining({ dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:00' }),
      expect.objectContaining({ dayOfWeek: ['Saturday'], opens: '09:00', closes: '13:00' }),
    ]);
    const faq = jsonLd(await (await fetch(url('/faq'))).text()).find((d) => d['@type'] === 'FAQPage');
    expect(faq.mainEntity).toHaveLength(24);
    expect(faq.mainEntity[0]).toMatchObject({ '@type': 'Question', acceptedAnswer: { '@type': 'Answer' } });
  });

  it('serves robots.txt and a sitemap.xml of existing pages', async () => {
    const robots = await fetch(url('/robots.txt'));
    expect(robots.status).toBe(200);
    const robotsText = await robots.text();
    expect(robotsText).toContain('Disallow: /painel');
    expect(robotsText).toContain(`Sitemap: ${firm.siteUrl.replace(/\/+$/, '')}/sitemap.xml`);
    const sitemap = await (await fetch(url('/sitemap.xml'))).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(locs).toEqual(expect.arrayContaining(['/', '/nossos-servicos', '/faq', '/contato', '/about-us', '/blog', '/privacidade']));
    expect(locs).not.toContain('/fale-conosco');
    for (const loc of locs) {
      const res = await fetch(url(loc), { redirect: 'manual' });
      expect({ loc, status: res.status }).toEqual({ loc, status: 200 });
    }
  });

  it('no Markdown parser ships to the browser (the blog is rendered at build time)', () => {
    const assets = path.join(ROOT, 'public-site', 'dist', 'assets');
    for (const file of fs.readdirSync(assets).filter((f) => f.endsWith('.js'))) {
      expect({ file, marked: /marked\(\)|Please report this to https:\/\/github\.com\/markedjs/.test(fs.readFileSync(path.join(assets, file), 'utf8')) }).toEqual({ file, marked: false });
    }
  });
});

describe('links', () => {
  it('no internal link on the site is dead (a crawler from / over every internal href and anchor)', async () => {
    const pages = new Map<string, { ids: Set<string>; from: string }>();
    // From the home page, and from the other two apps' entries, which the site itself need not link.
    const queue = ['/', '/painel', '/cliente'].map((target) => ({ target, from: '(início)' }));
    const dead: string[] = [];
    const fragments: { page: string; id: string; from: string }[] = [];
    const seen = new Set<string>();
    const decode = (href: string) => href.replace(/&amp;/g, '&');

    while (queue.length) {
      const { target, from } = queue.shift()!;
      if (seen.has(target)) continue;
      seen.add(target);
      const res = await fetch(url(target), { redirect: 'manual' });
      if (res.status !== 200) {
        dead.push(`${target} (${res.status}${res.headers.get('location') ? ` → ${res.headers.get('location')}` : ''}), em ${from}`);
        continue;
      }
      const type = res.headers.get('content-type') ?? '';
      // The panel and the client area are single-page apps: reaching them is enough.
      if (!type.includes('text/html') || /^\/(painel|cliente)(\/|$)/.test(target)) continue;
      const html = await res.text();
      pages.set(target, { ids: new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])), from });
      const refs = [
        ...[...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => decode(m[1])),
        ...[...html.matchAll(/<(?:link|script)\s[^>]*(?:href|src)="(\/[^"]*)"/g)].map((m) => decode(m[1])),
      ];
      for (const href of refs) {
        let resolved: URL;
        try {
          resolved = new URL(href, url(target));
        } catch {
          dead.push(`${href} (endereço inválido), em ${target}`);
          continue;
        }
        if (resolved.origin !== app.baseUrl) continue; // mailto:, tel:, social networks, maps
        if (resolved.hash) fragments.push({ page: resolved.pathname, id: decodeURIComponent(resolved.hash.slice(1)), from: target });
        queue.push({ target: resolved.pathname + resolved.search, from: target });
      }
    }

    for (const { page, id, from } of fragments) {
      if (pages.has(page) && !pages.get(page)!.ids.has(id)) dead.push(`${page}#${id} (âncora inexistente), em ${from}`);
    }
    expect(dead).toEqual([]);
    expect(fragments.length).toBeGreaterThan(10);
    // The crawl really covered the site (every page of the sitemap is reachable by links), the
    // other apps and the other engineer's pages.
    const sitemap = await (await fetch(url('/sitemap.xml'))).text();
    for (const loc of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) expect(pages.has(new URL(loc[1]).pathname)).toBe(true);
    for (const expected of ['/', '/faq', '/nossos-servicos', '/servicos/consultoria', '/blog', '/termos', '/privacidade', '/contato', '/fale-conosco', '/about-us', '/login', '/cadastro', '/recuperar-senha']) {
      expect(pages.has(expected)).toBe(true);
    }
  });

  it('an unknown path redirects to / (so the crawler above would notice a missing page)', async () => {
    const res = await fetch(url('/pagina-que-nao-existe'), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });
});

describe('accessibility (axe-core)', () => {
  it.each([
    ['1280 px', { width: 1280, height: 900 }],
    ['360 px, menu open', { width: 360, height: 800 }],
  ])('no violation (WCAG 2.0/2.1 A and AA, best practices, every impact) on any public page at %s', async (_label, viewport) => {
    const articles = await blogArticlePaths();
    const routes = [...PAGES.map((p) => p.path), ...articles];
    // The axe script is injected inline: this context alone lets it past the CSP.
    await withPage(
      browser,
      async (page) => {
        const found: string[] = [];
        for (const route of routes) {
          await page.goto(url(route));
          await page.waitForLoadState('networkidle');
          if (viewport.width <= 768) await page.getByRole('button', { name: 'Abrir menu' }).click();
          for (const violation of await axeViolations(page)) found.push(`${route}: ${violation}`);
        }
        expect(found).toEqual([]);
      },
      { viewport, bypassCSP: true },
    );
  }, 600_000);
});
