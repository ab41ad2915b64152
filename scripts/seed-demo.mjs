#!/usr/bin/env node
/**
 * A demo firm in one command, in the configured database (DATA_DIR / DATABASE_URL, as the app):
 *
 *   npm run build -w @veritas/backend   # once: the seeder runs the built app's own code
 *   npm run seed:demo -- --clientes 2000 --registros 5000 [--emails 0] [--documentos 2000] [--contatos 40]
 *
 * With the app stopped: the mailbox's files are written before their rows, and an app starting in
 * between would take them for a killed process's leftovers (MailOrphanSweep).
 *
 * It boots the application context without HTTP (the migrations run as at start-up) and writes
 * through the app's code: a team where missing (one Diretoria and five associados, UsersService: hashed
 * password, the role's permissions); client types with their prices (TiposClienteService); clients of
 * those types with the entity and `clienteBusca` (so `busca` and the search indexes are right), in
 * batches of 500 inside transactions with their audit entries (insertAudited), registered over the firm's
 * history (from two months before its first registro); registros with
 * RegistrosLoteService.createRegistrosEmLote (opened over the last year, oldest first, each for a client
 * already registered then, its description one of its service's: protocol numbers
 * per year, prazo from the opening day, every status with its dated history, those older than 45 days
 * mostly ended; a responsável among the associados, one in five of the open ones nobody's yet; the
 * stages as far as each went, all of them for a concluded one; checklist; the charge of a priced
 * service, issued on the opening day and due from it); payments to part of those charges
 * (PagamentosService.payMany, dated by the due date or a little late, never in the future: concluded
 * registros paid in full, most of the refused or cancelled too, one in four of the open ones half
 * paid; the rest stay open, overdue once past due) and an agenda appointment for one registro in 25
 * with its responsável (AgendaService.createEvento). Prints rows/s per part and for the whole run,
 * the team's logins and password, and the password every demo client signs in with. The notices the
 * status changes queue for the (made-up) client addresses are deleted from the outbox before the end.
 * --emails K: K messages in the master's mailbox (clients writing to the firm in Entrada, its
 * answers in Enviados), stored with the mailbox's bulk path (files and rows).
 * --documentos K: the files of this run's K newest registros (seed-demo/documentos.mjs: checklists sent
 * and judged, the Junta's registered document of a concluded one; small PDFs and PNGs through the document
 * storage). --contatos K: K messages of the site's contact form over the last four months.
 */
import { randomInt } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BATCH, DIA, DIST, common, dateOf, dist, pick, require, sqlDate, twoInFlight } from './seed-demo/base.mjs';

const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(argv[i + 1]);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} precisa de um número inteiro ≥ 0.`);
    process.exit(2);
  }
  return n;
};
const N_CLIENTES = opt('clientes', 200);
const N_REGISTROS = opt('registros', 500);
const N_EMAILS = opt('emails', 0);
const N_DOCUMENTOS = opt('documentos', 2000);
const N_CONTATOS = opt('contatos', 40);

if (!fs.existsSync(path.join(DIST, 'main.js'))) {
  console.error('Compile o backend antes: npm run build -w @veritas/backend');
  process.exit(1);
}
// The context starts the app's services: its SMTP listener must not take the running app's port,
// and the notices the registros' changes queue must never reach the demo addresses (no relay here;
// the rows are deleted before the end, so the running app does not send them either).
process.env.SMTP_PORT = '0';
process.env.SMTP_URL = '';
// Nothing of the running app's background work (outbox, reminders, sweeps) belongs to the seeder.
process.env.BACKGROUND_JOBS = 'false';

require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { DataSource } = require('typeorm');
const { loadConfig } = dist('platform/config/config.js');
const { AppModule } = dist('app.module.js');
const { Cliente } = dist('clientes/entities/cliente.entity.js');
const { ClienteMembro } = dist('clientes/entities/cliente-membro.entity.js');
const { PasswordService } = dist('platform/passwords/password.service.js');
const { RegistrosLoteService } = dist('registros/registros-lote.service.js');
const { insertAudited } = dist('auditoria/bulk-insert.js');
const { withTransaction } = dist('platform/database/transaction.js');
const { User } = dist('users/entities/user.entity.js');
const { TiposClienteService } = dist('tipos-cliente/tipos-cliente.service.js');
const { PagamentosService } = dist('financas/pagamentos.service.js');
const { AgendaService } = dist('agenda/agenda.service.js');
const { UsersService } = dist('users/users.service.js');
const { ModelosService } = dist('processos/modelos.service.js');
const { DOCUMENT_STORAGE } = dist('platform/storage/index.js');
// After the check above: these read the built app too.
const { DEMO_EQUIPE_PASSWORD, DEMO_PASSWORD, demoCliente, demoEquipe, demoMembros, demoTipos, freshCnpj, pickPonderado, SEM_RESPONSAVEL } = await import('./seed-demo/clientes.mjs');
const { demoEmail, demoRegistro, EVENTOS, HISTORIA_DIAS, SERVICOS } = await import('./seed-demo/registros.mjs');
const { demoDocumentos } = await import('./seed-demo/documentos.mjs');
const { demoContatos } = await import('./seed-demo/contato.mjs');
export { DEMO_EQUIPE_PASSWORD, DEMO_PASSWORD };

/** Clients join the firm from this many days before its first registro of the history. */
const CLIENTES_ANTES_DIAS = 60;

/** The index of the last client registered at or before `t` (clients ordered by registration), or 0. */
function ultimoAte(clientes, t) {
  let lo = 0;
  let hi = clientes.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (clientes[mid].t <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

async function main() {
  const config = loadConfig();
  const started = performance.now();
  const seedStart = new Date(Date.now() - 1000);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error'] });
  try {
    const ds = app.get(DataSource);
    console.log(`Banco: ${config.database.type === 'sqlite' ? config.database.file : 'MySQL/MariaDB'} (migrações aplicadas em ${((performance.now() - started) / 1000).toFixed(1)} s).`);

    // Client types with their prices, through the app's service (the first run makes them; later runs reuse them).
    const tipos = await demoTipos(app.get(TiposClienteService), ds);
    // The team, as the master creates it in Equipe (hashing is slow: before the timed parts).
    const master = (await ds.getRepository(User).find({ order: { createdAt: 'ASC' }, take: 1 }))[0];
    const actor = { role: 'user', id: master.id, email: master.email, userType: 'master', permissions: master.permissions ?? [] };
    const equipe = await demoEquipe(app.get(UsersService), ds, actor);
    const associados = equipe.filter((u) => u.papel === 'associado');

    // Clients: one password hash for all of them (hashing is deliberately slow).
    const passwordHash = await app.get(PasswordService).hash(DEMO_PASSWORD);
    const taken = new Set((await ds.query('SELECT cnpj FROM clientes')).map((r) => r.cnpj));
    const tag = Date.now().toString(36);
    /** The active clients, in the order they joined the firm: { id, t } (t: registration time, ms). */
    const ativos = [];
    let rowsBefore = await countRows(ds);
    let t = performance.now();
    // Registered over the firm's history: from CLIENTES_ANTES_DIAS before its first registro until yesterday.
    const t0 = Date.now() - (HISTORIA_DIAS + CLIENTES_ANTES_DIAS) * DIA;
    const passo = ((HISTORIA_DIAS + CLIENTES_ANTES_DIAS - 1) * DIA) / Math.max(1, N_CLIENTES);
    let inFlight = twoInFlight();
    for (let i = 0; i < N_CLIENTES; i += BATCH) {
      const batch = [];
      for (let j = i; j < Math.min(N_CLIENTES, i + BATCH); j++) batch.push(demoCliente(j, tag, freshCnpj(taken), passwordHash, new Date(Math.floor(t0 + (j + Math.random()) * passo)), randomInt(8) === 0 ? null : pick(tipos)));
      for (const c of batch) if (c.status === 'ativo') ativos.push({ id: c.id, t: c.createdAt.getTime() });
      // Each company with its people: the Responsável who signs in with its e-mail, and some with more (ADR 0058).
      const membros = batch.flatMap((c) => demoMembros(c, passwordHash));
      await inFlight.add(
        withTransaction(ds, async (m) => {
          await insertAudited(m, Cliente, batch);
          await insertAudited(m, ClienteMembro, membros);
        }),
      );
    }
    await inFlight.all();
    await report(ds, 'clientes', N_CLIENTES, t, rowsBefore);

    // Registros through the service, as a master opens them for the clients; then their statuses.
    if (N_REGISTROS > 0) {
      if (!ativos.length) ativos.push(...(await ds.query("SELECT id, createdAt FROM clientes WHERE status = 'ativo' ORDER BY createdAt")).map((r) => ({ id: r.id, t: dateOf(r.createdAt).getTime() })));
      if (!ativos.length) throw new Error('Nenhum cliente ativo para receber registros: use --clientes.');
      const registros = app.get(RegistrosLoteService);
      // Each service's stages as the board has them now (their business days pace the history).
      const modelos = app.get(ModelosService);
      const duracoes = new Map();
      for (const servico of SERVICOS) duracoes.set(servico, (await modelos.etapasPara(servico)).map((e) => Math.max(1, e.duracaoDiasUteis)));
      rowsBefore = await countRows(ds);
      t = performance.now();
      const inicio = Date.now() - HISTORIA_DIAS * DIA;
      let abertos = 0;
      // Two batches in flight: one's rows are built while the other's are written (createRegistrosEmLote).
      inFlight = twoInFlight();
      for (let i = 0; i < N_REGISTROS; i += BATCH) {
        const itens = [];
        for (let j = i; j < Math.min(N_REGISTROS, i + BATCH); j++) {
          const abertoEm = new Date(inicio + Math.floor(((j + Math.random()) / N_REGISTROS) * HISTORIA_DIAS * DIA));
          const servico = pick(SERVICOS);
          // A client already registered when the registro was opened.
          const cliente = ativos[randomInt(ultimoAte(ativos, abertoEm.getTime()) + 1)];
          const item = demoRegistro(cliente.id, servico, abertoEm, duracoes.get(servico));
          // Every registro worked by an associado, but some of the open ones nobody has taken yet.
          const aberto = ['pendente', 'andamento'].includes(item.passos.at(-1)?.status ?? 'pendente');
          itens.push({ ...item, responsavelId: aberto && abertos++ % SEM_RESPONSAVEL === 0 ? null : pickPonderado(associados).id });
        }
        await inFlight.add(registros.createRegistrosEmLote(actor, itens));
      }
      await inFlight.all();
      await report(ds, 'registros (com histórico e cobranças)', N_REGISTROS, t, rowsBefore);

      // Money in: the charges of concluded registros paid in full by PIX, seven in eight of those
      // refused or cancelled too (the work done is charged), one in four of the open ones half paid;
      // the rest stay open, overdue once past due. Each paid by its due date or (one in five) up to
      // three weeks late, never before it was issued nor after today. Then the agenda: a meeting,
      // signing or visit for one registro in 25, from a month ago to two months ahead, with its
      // responsável. Both through the services' own paths (history, audit trail).
      rowsBefore = await countRows(ds);
      t = performance.now();
      const cobrancas = app.get(PagamentosService);
      const autor = { id: master.id, nome: master.nomeCompleto };
      const hoje = common.todayInSaoPaulo();
      // This run's rows (a datetime as each database stores it: SQLite's text, MySQL's DATETIME).
      const desde = sqlDate(config, seedStart);
      const abertas = await ds.query(
        "SELECT c.id, c.totalCentavos AS total, c.vencimento, c.createdAt, r.status FROM cobrancas c JOIN registros r ON r.id = c.registroId WHERE c.status = 'aberta' AND c.pagoCentavos = 0 AND r.updatedAt >= ?",
        [desde],
      );
      const pagar = abertas.filter((c) => c.status === 'concluido' || (['cancelado', 'recusado'].includes(c.status) ? randomInt(8) > 0 : randomInt(4) === 0));
      inFlight = twoInFlight();
      for (let i = 0; i < pagar.length; i += BATCH) {
        const pagamentos = pagar.slice(i, i + BATCH).map((c) => {
          const total = Number(c.total);
          const inteira = c.status !== 'pendente' && c.status !== 'andamento';
          const valorCentavos = inteira ? total : Math.max(1, Math.floor(total / 2));
          const emitida = dateOf(c.createdAt);
          const atraso = randomInt(5) === 0 ? 1 + randomInt(21) : -randomInt(config.financas.vencimentoDias + 1);
          let data = common.addCalendarDays(c.vencimento, atraso);
          if (data < common.todayInSaoPaulo(emitida)) data = common.todayInSaoPaulo(emitida);
          if (data > hoje) data = hoje;
          // Registered that day, at noon in São Paulo (not before the charge, not after now).
          const registradoEm = new Date(Math.min(Date.now(), Math.max(emitida.getTime(), Date.parse(`${data}T15:00:00Z`))));
          const forma = c.status === 'concluido' ? 'pix' : pick(['transferencia', 'boleto', 'pix']);
          return { cobrancaId: c.id, data, valorCentavos, forma, nota: null, extratoTransacaoId: null, registradoEm };
        });
        await inFlight.add(withTransaction(ds, (m) => cobrancas.payMany(m, pagamentos, autor)));
      }
      await inFlight.all();
      const agenda = app.get(AgendaService);
      // This run's registros (opened in the past, written now).
      const doSeed = await ds.query('SELECT id, clienteId, responsavelId FROM registros WHERE updatedAt >= ? ORDER BY createdAt, numero', [desde]);
      const itens = [];
      for (let i = 0; i < doSeed.length; i += 25) {
        const r = doSeed[i];
        const [tipo, titulo] = pick(EVENTOS);
        const inicio = new Date(Date.now() + (randomInt(90) - 30) * DIA);
        inicio.setUTCHours(12 + randomInt(8), randomInt(2) * 30, 0, 0); // 9h–16h30 in São Paulo
        const fim = new Date(inicio.getTime() + 3_600_000);
        itens.push({ tipo, titulo, inicio: inicio.toISOString(), fim: fim.toISOString(), participantes: [r.responsavelId ?? master.id], clienteId: r.clienteId, registroId: r.id, local: tipo === 'vistoria' ? 'Endereço da sede do cliente' : 'Escritório' });
      }
      let eventos = 0;
      for (let i = 0; i < itens.length; i += BATCH) eventos += await agenda.createEventosEmLote(actor, itens.slice(i, i + BATCH));
      await report(ds, `pagamentos e ${eventos.toLocaleString('pt-BR')} compromissos na agenda`, pagar.length, t, rowsBefore);
    }
    // The notices to demo clients queued by the status changes above: not to be sent, ever.
    const { MailOutbox } = dist('mail/entities/mail-outbox.entity.js');
    const { MoreThanOrEqual } = require('typeorm');
    await ds.getRepository(MailOutbox).delete({ createdAt: MoreThanOrEqual(seedStart) });
    if (N_EMAILS > 0) {
      const { MailboxService } = dist('mail/mailbox.service.js');
      const mailbox = app.get(MailboxService);
      const master = (await ds.getRepository(User).find({ order: { createdAt: 'ASC' }, take: 1 }))[0];
      const clientes = await ds.query('SELECT razaoSocial, email FROM clientes ORDER BY createdAt DESC LIMIT 2000');
      if (!clientes.length) throw new Error('Nenhum cliente para trocar e-mails: use --clientes.');
      const numeros = (await ds.query('SELECT numero FROM registros ORDER BY createdAt DESC LIMIT 2000')).map((r) => r.numero);
      const rowsBefore = await countRows(ds);
      const t = performance.now();
      const t0 = Date.now() - 365 * DIA;
      // Two batches in flight: one's files are written while the other's rows commit.
      inFlight = twoInFlight();
      for (let i = 0; i < N_EMAILS; i += BATCH) {
        const items = [];
        for (let j = i; j < Math.min(N_EMAILS, i + BATCH); j++) {
          items.push(demoEmail(pick(clientes), { address: master.email, name: master.nomeCompleto }, numeros.length ? pick(numeros) : null, new Date(t0 + Math.floor((j / N_EMAILS) * 365 * DIA)), master.id));
        }
        await inFlight.add(mailbox.storeMany(items));
      }
      await inFlight.all();
      await report(ds, 'e-mails na caixa do master', N_EMAILS, t, rowsBefore);
    }
    // The files of the recent work (checklists sent and judged, the Junta's results), and the site's contact messages.
    if (N_REGISTROS > 0 && N_DOCUMENTOS > 0) {
      const rowsBefore = await countRows(ds);
      const t = performance.now();
      const n = await demoDocumentos(ds, app.get(DOCUMENT_STORAGE), config, seedStart, N_DOCUMENTOS);
      await report(ds, `documentos (PDF e imagens) nos registros e nas listas de documentos`, n, t, rowsBefore);
    }
    if (N_CONTATOS > 0) {
      const rowsBefore = await countRows(ds);
      const t = performance.now();
      await report(ds, 'mensagens de contato do site', await demoContatos(ds, equipe, N_CONTATOS), t, rowsBefore);
    }
    console.log(`Ao todo: ${written.rows.toLocaleString('pt-BR')} linhas em ${written.s.toFixed(1)} s (${rate(written.rows, written.s)} linhas/s).`);
    console.log(`Equipe: ${equipe.map((u) => `${u.email} (${u.papel === 'diretoria' ? 'Diretoria' : 'Associado'})`).join(', ')}; todos com a senha ${DEMO_EQUIPE_PASSWORD}.`);
    console.log(`Pronto. Qualquer cliente de demonstração (e cada pessoa das empresas, pelo próprio e-mail) entra no portal com a senha ${DEMO_PASSWORD}.`);
  } finally {
    await app.close();
  }
}

/** Rows in every table of the app (the seeder's writes include the audit trail's entries). */
async function countRows(ds) {
  let total = 0;
  for (const meta of ds.entityMetadatas) total += Number((await ds.query(`SELECT COUNT(*) AS n FROM ${meta.tableName}`))[0].n);
  return total;
}

/** Rows and seconds of every part so far (the time spent counting rows between parts left out). */
const written = { rows: 0, s: 0 };
const rate = (rows, s) => Math.round(rows / Math.max(s, 0.001)).toLocaleString('pt-BR');

async function report(ds, what, n, t, rowsBefore) {
  const s = (performance.now() - t) / 1000;
  const rows = (await countRows(ds)) - rowsBefore;
  written.rows += rows;
  written.s += s;
  console.log(`${n.toLocaleString('pt-BR')} ${what} em ${s.toFixed(1)} s: ${rows.toLocaleString('pt-BR')} linhas em todas as tabelas (${rate(rows, s)} linhas/s).`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
