import 'reflect-metadata';
import { privateByDefault } from '../storage';
import { ConfigError, loadConfig } from '../config';
import { BackupError, createBackup, restoreBackup, verifyBackup } from './backup';

/**
 * npm run backup -- --to DIR          a consistent backup while the product serves
 * npm run restore -- --from DIR [--force]   into an empty DATA_DIR / database / bucket (product stopped)
 * npm run restore -- --from DIR --verificar  only checks the backup's checksums
 * The target is the configuration the product itself reads (DATA_DIR, DATABASE_URL, STORAGE, S3_*).
 * Exit codes: 0 done, 1 refused or failed (message on stderr), 2 wrong usage, 78 bad configuration.
 */
const USAGE = 'Uso: npm run backup -- --to PASTA | npm run restore -- --from PASTA [--force] [--verificar]';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const value = (flag: string) => {
    const i = rest.indexOf(flag);
    return i >= 0 && rest[i + 1] && !rest[i + 1].startsWith('--') ? rest[i + 1] : null;
  };
  const known = new Set(['--to', '--from', '--force', '--verificar']);
  const unknown = rest.filter((a, i) => a.startsWith('--') && !known.has(a) && !(i > 0 && known.has(rest[i - 1])));
  if (unknown.length) {
    console.error(`Opção desconhecida: ${unknown.join(' ')}\n${USAGE}`);
    return 2;
  }
  const log = (line: string) => console.log(line);
  privateByDefault();
  try {
    if (command === 'backup') {
      const to = value('--to');
      if (!to) {
        console.error(`Informe a pasta de destino com --to.\n${USAGE}`);
        return 2;
      }
      const manifest = await createBackup(loadConfig(), to, log);
      console.log(`Backup completo em ${to}: ${manifest.files.length} arquivo(s), banco ${manifest.database.kind} (${manifest.database.method}).`);
      return 0;
    }
    if (command === 'restore') {
      const from = value('--from');
      if (!from) {
        console.error(`Informe a pasta do backup com --from.\n${USAGE}`);
        return 2;
      }
      if (rest.includes('--verificar')) {
        const manifest = await verifyBackup(from);
        console.log(`Backup íntegro: o banco e ${manifest.files.length} arquivo(s) conferem com o manifesto (${manifest.createdAt}).`);
        return 0;
      }
      const result = await restoreBackup(loadConfig(), from, { force: rest.includes('--force'), log });
      console.log(`Restauração concluída: banco e ${result.files} arquivo(s) conferidos. Inicie o produto (npm run serve).`);
      return 0;
    }
    console.error(USAGE);
    return 2;
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuração inválida: ${err.message}`);
      return 78;
    }
    if (err instanceof BackupError) {
      console.error(err.message);
      return 1;
    }
    console.error(`Falhou: ${(err as Error).stack ?? err}`);
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
