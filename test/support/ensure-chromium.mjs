// The browser tests drive Debian's chromium (playwright-core cannot download a browser here).
// On a fresh machine, install it from Debian's packages when we are allowed to.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(path)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium não encontrado em ${path}. Instale com: sudo apt-get install -y chromium (ou defina CHROMIUM_PATH).`);
    process.exit(1);
  }
  console.log('Instalando o chromium do Debian para os testes de navegador...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
}
