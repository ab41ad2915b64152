// The browser tests drive Debian's chromium (playwright-core cannot download a browser here) and
// deliver mail with Debian's swaks (an SMTP client we did not write). On a fresh machine, install
// what is missing from Debian's packages when we are allowed to.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const missing = [];
if (!existsSync(chromium)) missing.push('chromium');
if (!existsSync('/usr/bin/swaks')) missing.push('swaks');
if (missing.length > 0) {
  if (process.getuid?.() !== 0) {
    console.error(`Faltam pacotes para os testes de navegador: ${missing.join(', ')}. Instale com: sudo apt-get install -y ${missing.join(' ')} (ou defina CHROMIUM_PATH).`);
    process.exit(1);
  }
  console.log(`Instalando do Debian para os testes de navegador: ${missing.join(', ')}...`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
}
