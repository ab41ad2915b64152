import 'reflect-metadata';
import { bootLogger, createApp } from './bootstrap';
import { makeTreePrivate, privateByDefault } from './platform/storage';
import { ConfigError, defaultSiteUrl, loadConfig } from './platform/config';

async function main(): Promise<void> {
  // Before anything is written: DATA_DIR, the JWT secret, the database, uploads, mail.
  privateByDefault();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuração inválida: ${err.message}`);
      process.exit(78);
    }
    throw err;
  }
  const started = process.hrtime.bigint();
  const tightened = await makeTreePrivate(config.dataDir);
  const app = await createApp(config);
  if (tightened) bootLogger.warn(`Permissões de ${tightened} arquivo(s) e pasta(s) em ${config.dataDir} restringidas ao usuário do serviço (0600/0700).`);
  if (config.database.type === 'sqlite') {
    for (const f of [config.database.file, `${config.database.file}-wal`, `${config.database.file}-shm`]) await makeTreePrivate(f);
  }
  // Give slow clients a bounded time on shutdown (SIGTERM closes the server and the database).
  app.getHttpServer().keepAliveTimeout = 5000;
  await app.listen(config.port, config.host);
  // PORT=0: the system chose the port; the default links follow it.
  const { port } = app.getHttpServer().address() as { port: number };
  if (!process.env.SITE_URL?.trim() && port !== config.port) config.firm.siteUrl = defaultSiteUrl(config.host, port);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    bootLogger.log(`${signal} recebido: encerrando (novas conexões recusadas, requisições em curso concluídas).`);
    // Stop accepting, let requests in flight finish, close the database; bounded in time.
    const force = setTimeout(() => {
      bootLogger.error('Encerramento demorou mais de 10 s; saindo assim mesmo.');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        bootLogger.error(`Falha ao encerrar: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  const db = config.database.type === 'sqlite' ? `SQLite em ${config.database.file}` : 'MySQL/MariaDB';
  bootLogger.log(`Pronto em http://${config.host}:${port} (${db}) em ${ms.toFixed(0)} ms`);
  bootLogger.log(`Links nos e-mails (SITE_URL): ${config.firm.siteUrl}${process.env.SITE_URL?.trim() ? '' : ' — padrão; defina SITE_URL com o endereço público do site'}`);
}

main().catch((err) => {
  bootLogger.error(err instanceof Error ? err.stack ?? err.message : String(err));
  process.exit(1);
});
