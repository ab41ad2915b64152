/*
 * Debian's Chromium driven by playwright-core (no browser download). Each test gets a fresh
 * context (its own local storage and cookies); a failing test leaves a screenshot in
 * test-results/.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';

export const RESULTS_DIR = path.resolve(__dirname, '../../test-results');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Starts headless Chromium. playwright's launch() runs it on a fresh temporary user-data-dir
 * of its own, deleted on close; Chromium's other temporary files go to a folder of ours, also
 * deleted on close. Contexts made with `browser.newContext()` are isolated from each other.
 */
export async function launchBrowser(): Promise<LaunchedBrowser> {
  const executablePath = chromiumPath();
  if (!fs.existsSync(executablePath)) {
    throw new Error(`Chromium não encontrado em ${executablePath} (apt-get install -y chromium, ou defina CHROMIUM_PATH).`);
  }
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-chromium-'));
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    env: { ...process.env, TMPDIR: tmpDir },
  });
  return {
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      fs.rmSync(tmpDir, { recursive: true, force: true });
    },
  };
}

/**
 * A persistent context on its own fresh user-data-dir, for tests that need a real profile
 * (for example, storage surviving a browser restart). Removed on close.
 */
export async function launchPersistent(options: BrowserContextOptions = {}): Promise<{
  context: BrowserContext;
  userDataDir: string;
  close(): Promise<void>;
}> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    ...options,
  });
  return {
    context,
    userDataDir,
    async close() {
      await context.close().catch(() => undefined);
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

function safeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/** Saves a full-page PNG under test-results/ and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string | null> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${safeName(name) || 'page'}-${Date.now()}.png`);
  try {
    await page.screenshot({ path: file, fullPage: true });
    return file;
  } catch {
    return null;
  }
}

/** What went wrong inside the page: uncaught errors, console errors and CSP violations. */
export interface PageProblems {
  pageErrors: string[];
  consoleErrors: string[];
  cspViolations: string[];
}

function watchPage(page: Page): PageProblems {
  const problems: PageProblems = { pageErrors: [], consoleErrors: [], cspViolations: [] };
  page.on('pageerror', (error) => problems.pageErrors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/Content Security Policy/i.test(text)) problems.cspViolations.push(text);
    else problems.consoleErrors.push(text);
  });
  return problems;
}

function currentTestName(): string {
  try {
    return (expect.getState().currentTestName as string | undefined) ?? 'teste';
  } catch {
    return 'teste';
  }
}

/**
 * Runs `fn` with a page in a fresh context; on failure saves a screenshot (named after the
 * running test) and rethrows with its path appended. The context is always closed.
 */
export async function withPage<T>(
  browser: Browser,
  fn: (page: Page, problems: PageProblems, context: BrowserContext) => Promise<T>,
  options: BrowserContextOptions & { name?: string } = {},
): Promise<T> {
  const { name, ...contextOptions } = options;
  const context = await browser.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1280, height: 800 },
    ...contextOptions,
  });
  const page = await context.newPage();
  const problems = watchPage(page);
  try {
    return await fn(page, problems, context);
  } catch (error) {
    const file = await screenshot(page, name ?? currentTestName());
    if (error instanceof Error && file) error.message += `\n(captura de tela: ${file}; URL: ${page.url()})`;
    // What the page itself said goes with the failure: a chunk that did not load, an uncaught error.
    const said = [...problems.pageErrors, ...problems.consoleErrors, ...problems.cspViolations];
    if (error instanceof Error && said.length > 0) error.message += `\n(na página: ${said.slice(0, 5).join(' | ')})`;
    throw error;
  } finally {
    await context.close().catch(() => undefined);
  }
}

/**
 * Opens a select (`combobox`) and picks `option`. A press that lands while the form re-renders (its
 * validation after a field is filled, on a loaded machine) may leave the menu shut: pressed again, up to
 * four times, while the option has not shown (never while the menu is open: its backdrop would take it).
 */
export async function chooseOption(page: Page, combobox: Locator, option: string): Promise<void> {
  const choice = page.getByRole('option', { name: option, exact: true });
  for (let tries = 1; ; tries++) {
    if (!(await choice.isVisible())) await combobox.click({ timeout: 10_000 }).catch(() => undefined);
    try {
      await choice.waitFor({ timeout: 5_000 });
      break;
    } catch (err) {
      if (tries >= 4) throw err;
    }
  }
  await choice.click();
}
