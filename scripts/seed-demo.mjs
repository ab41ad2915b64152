#!/usr/bin/env node
/**
 * A demo firm in one command, in the configured database (DATA_DIR / DATABASE_URL, as the app):
 *
 *   npm run build -w @veritas/backend   # once: the seeder runs the built app's own code
 *   npm run seed:demo -- --clientes 2000 --registros 5000 [--emails 0]
 *
 * With the app stopped: the mailbox's files are written before their rows, and an app starting in
 * between would take them for a killed process's leftovers (MailOrphanSweep).
 *
 * It boots the application context without HTTP (the migrations run as at start-up) and writes
 * through the app's code: a team where missing (one Diretoria and five associados, UsersService: hashed
 * password, the role's permissions); client types with their prices (TiposClienteService); clients of
 * those types with the entity and `clienteBusca` (so `busca` and the search indexes are right), in
 * batches of 500 inside transactions with their audit entries (insertAudited); registros with
 * RegistrosLoteService.createRegistrosEmLote (opened over the last year, oldest first: protocol numbers
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
 */
import { randomInt, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'backend', 'package.json'));
const DIST = path.join(ROOT, 'backend', 'dist');
const dist = (p) => require(path.join(DIST, p));

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
const BATCH = 500;
export const DEMO_PASSWORD = 'Demo!2026cliente';
/** Every member of the demo team signs in with this one. */
export const DEMO_EQUIPE_PASSWORD = 'Equipe!2026demo';

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
const common = require('@veritas/common');
const { loadConfig } = dist('platform/config/config.js');
const { AppModule } = dist('app.module.js');
const { Cliente } = dist('clientes/entities/cliente.entity.js');
const { clienteBusca } = dist('clientes/cliente.mapper.js');
const { PasswordService } = dist('platform/passwords/password.service.js');
const { RegistrosLoteService } = dist('registros/registros-lote.service.js');
const { insertAudited } = dist('auditoria/bulk-insert.js');
const { withTransaction } = dist('platform/database/transaction.js');
const { newId } = dist('platform/database/ids.js');
const { User } = dist('users/entities/user.entity.js');
const { TiposClienteService } = dist('tipos-cliente/tipos-cliente.service.js');
const { PagamentosService } = dist('financas/pagamentos.service.js');
const { AgendaService } = dist('agenda/agenda.service.js');
const { UsersService } = dist('users/users.service.js');
const { ModelosService } = dist('processos/modelos.service.js');

// ---------- a realistic firm's clients

const ATIVIDADE = ['Comércio', 'Indústria', 'Padaria', 'Construtora', 'Transportes', 'Distribuidora', 'Farmácia', 'Clínica', 'Escritório', 'Mercado', 'Auto Peças', 'Confecções', 'Tecnologia', 'Educação', 'Serviços', 'Restaurante', 'Laboratório', 'Papelaria'];
const NOME = ['São João', 'Boa Vista', 'Paulista', 'Estrela', 'União', 'Progresso', 'Horizonte', 'Atlântico', 'Cerrado', 'Pantanal', 'Ipê', 'Jacarandá', 'Aurora', 'Esperança', 'Guaraná', 'Maré', 'Santa Luzia', 'Três Irmãos', 'Bom Jesus', 'Vitória'];
const NATUREZA = ['Ltda', 'S.A.', 'ME', 'EIRELI', 'Comércio e Serviços Ltda', 'EPP'];
const CIDADES = [
  ['São Paulo', 'SP', '01310100', 'Avenida Paulista', 'Bela Vista'],
  ['Rio de Janeiro', 'RJ', '20040002', 'Avenida Rio Branco', 'Centro'],
  ['Belo Horizonte', 'MG', '30130010', 'Avenida Afonso Pena', 'Centro'],
  ['Curitiba', 'PR', '80020310', 'Rua XV de Novembro', 'Centro'],
  ['Porto Alegre', 'RS', '90010150', 'Rua dos Andradas', 'Centro Histórico'],
  ['Salvador', 'BA', '40020000', 'Avenida Sete de Setembro', 'Dois de Julho'],
  ['Recife', 'PE', '50030230', 'Rua da Aurora', 'Boa Vista'],
  ['Goiânia', 'GO', '74015010', 'Avenida Goiás', 'Setor Central'],
];
const PESSOAS = ['Ana Souza', 'Bruno Lima', 'Carla Mendes', 'Diego Rocha', 'Elisa Prado', 'Fábio Nunes', 'Gabriela Torres', 'Henrique Alves', 'Íris Campos', 'João Pereira'];
const pick = (list) => list[randomInt(list.length)];
const slug = (s) => common.normalizeSearch ? common.normalizeSearch(s).replace(/[^a-z0-9]+/g, '') : s.toLowerCase().replace(/[^a-z0-9]+/g, '');
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A valid CNPJ not in `taken`: numeric, or (one in eight) alphanumeric as from July 2026. */
function freshCnpj(taken) {
  for (;;) {
    const alnum = randomInt(8) === 0;
    const root = Array.from({ length: 8 }, (_, i) => (alnum && i >= 2 && i <= 4 ? ALNUM[randomInt(36)] : String(randomInt(10)))).join('');
    const base = `${root}${randomInt(10) === 0 ? '0002' : '0001'}`;
    const cnpj = base + common.cnpjCheckDigits(base);
    if (!taken.has(cnpj)) {
      taken.add(cnpj);
      return cnpj;
    }
  }
}

function demoCliente(i, tag, cnpj, passwordHash, createdAt, tipoClienteId) {
  const [cidade, estado, cep, endereco, bairro] = pick(CIDADES);
  const nome = `${pick(NOME)}`;
  const atividade = pick(ATIVIDADE);
  const razaoSocial = `${atividade} ${nome} ${pick(NATUREZA)}`;
  const nomeFantasia = randomInt(3) === 0 ? null : `${atividade} ${nome}`;
  // Under .example (RFC 2606: reserved, never a real domain): the firm's jobs write to its clients (overdue
  // charges, status changes), and with SMTP_URL set a demo must not mail strangers at a real domain.
  const email = `contato.${slug(nome)}${i}.${tag}@${slug(atividade)}.demo.example`;
  const responsavel = pick(PESSOAS);
  const status = randomInt(10) === 0 ? 'inativo' : 'ativo';
  const c = Object.assign(new Cliente(), {
    id: newId(),
    createdAt,
    updatedAt: createdAt,
    razaoSocial,
    nomeFantasia,
    cnpj,
    cnes: null,
    nire: null,
    email,
    emailRF: null,
    telefone: `${11 + randomInt(80)}3${String(randomInt(1e7)).padStart(7, '0')}`,
    celularWhatsApp: `${11 + randomInt(80)}9${String(randomInt(1e8)).padStart(8, '0')}`,
    telefoneResponsavel: null,
    celularWhatsAppResponsavel: null,
    cep,
    endereco,
    numero: String(1 + randomInt(3000)),
    complemento: randomInt(2) ? `Sala ${1 + randomInt(400)}` : null,
    bairro,
    cidade,
    estado,
    pais: 'Brasil',
    nomeCompletoResponsavel: responsavel,
    cargo: pick(['Sócio-administrador', 'Diretor', 'Gerente administrativo']),
    dataNascimento: null,
    nomeCompletoAssinanteDBE: responsavel,
    cargoAssinanteDBE: 'Sócio-administrador',
    dataNascimentoAssinanteDBE: null,
    passwordHash,
    passwordChangedAt: null,
    status,
    inativadoEm: status === 'inativo' ? createdAt : null,
    tipoClienteId,
  });
  c.busca = clienteBusca(c);
  return c;
}

// ---------- registros in every status

/** Catalogue services with their default stages and checklists (backend/src/processos/modelos-padrao.ts). */
const SERVICOS = ['certidao-simplificada', 'abertura-empresas', 'alteracoes-contratuais', 'baixa-empresas', 'arquivamento-balancos', 'certidao-inteiro-teor'];
const DESCRICOES = ['Alteração contratual: mudança de endereço', 'Abertura de filial', 'Certidão simplificada da empresa', 'Inclusão de sócio', 'Baixa de empresa', 'Alteração de atividade (CNAE)', 'Procuração para a Junta Comercial'];
/** Paths through the status machine (REGISTRO_TRANSITIONS), each ending in one status. */
const PATHS = [[], ['andamento'], ['andamento', 'concluido'], ['andamento', 'concluido'], ['recusado'], ['cancelado'], ['andamento', 'pendente'], ['andamento', 'cancelado']];
/** Registros opened more than RECENTES_DIAS ago have mostly ended (one in twelve is still open). */
const ENCERRADOS = PATHS.filter((p) => ['concluido', 'recusado', 'cancelado'].includes(p.at(-1)));
const RECENTES_DIAS = 45;
/** The firm's history: registros opened over the last year, oldest first. */
const HISTORIA_DIAS = 365;
const DIA = 86_400_000;

// ---------- the team: a director and five associates beside the master

const EQUIPE = [
  ['diretoria', 'helena.prado', 'Helena Vasconcelos Prado'],
  ['associado', 'rafael.duarte', 'Rafael Monteiro Duarte'],
  ['associado', 'juliana.teixeira', 'Juliana Ferraz Teixeira'],
  ['associado', 'thiago.lopes', 'Thiago Barbosa Lopes'],
  ['associado', 'camila.antunes', 'Camila Ribeiro Antunes'],
  ['associado', 'lucas.medeiros', 'Lucas Cardoso Medeiros'],
];
/** How the registros are shared among the associados, in EQUIPE's order: the senior ones take more. */
const PESOS = [5, 4, 4, 3, 2];
/** Of the registros still open, one in this many (the first among them) nobody has taken yet. */
const SEM_RESPONSAVEL = 5;

/**
 * The demo team, created through UsersService where missing (its password hashed, the role's
 * permissions as the user form stores them): [{ id, email, nomeCompleto, papel }] in EQUIPE's order.
 */
async function demoEquipe(usersService, ds, actor) {
  const equipe = [];
  for (const [papel, username, nomeCompleto] of EQUIPE) {
    const [existing] = await ds.query('SELECT id, email, nomeCompleto FROM users WHERE username = ?', [username]);
    const u = existing ?? (await usersService.createUser(actor, { username, nomeCompleto, password: DEMO_EQUIPE_PASSWORD, ...common.formRoleToAccess(papel) }));
    equipe.push({ id: u.id, email: u.email, nomeCompleto: u.nomeCompleto, papel });
  }
  return equipe;
}

/** A responsável among the associados, by PESOS. */
function pickPonderado(associados) {
  const total = PESOS.slice(0, associados.length).reduce((a, b) => a + b, 0);
  let n = randomInt(total);
  for (const [i, a] of associados.entries()) {
    n -= PESOS[i] ?? 1;
    if (n < 0) return a;
  }
  return associados.at(-1);
}

/**
 * One registro of the firm's history, opened at `abertoEm`: its status path dated as an office
 * works (started within two days; the stages about their template's business days each, the whole
 * taking 60–125 % of that; refused or cancelled from the start within five days), its stages as
 * far as that time took them (all of them when it concluded; one of them in progress while it
 * is open).
 */
function demoRegistro(clienteId, servico, abertoEm, duracoes) {
  const agora = Date.now();
  const antigo = agora - abertoEm.getTime() > RECENTES_DIAS * DIA && randomInt(12) > 0;
  let caminho = pick(antigo ? ENCERRADOS : PATHS);
  const inicio = Math.min(agora, abertoEm.getTime() + (0.2 + Math.random() * 1.8) * DIA);
  const soma = duracoes.reduce((a, b) => a + b, 0);
  const duracao = soma * 1.4 * DIA * (0.6 + Math.random() * 0.65);
  /** Stages concluded by time t (at most all but the one in progress). */
  const feitasAte = (t) => {
    let fim = inicio;
    let k = 0;
    while (k < duracoes.length - 1 && (fim += (duracoes[k] / soma) * duracao) <= t) k++;
    return k;
  };
  // Not concluded yet if its stages would end after now.
  if (caminho.at(-1) === 'concluido' && inicio + duracao > agora) caminho = ['andamento'];
  let datas;
  let etapasConcluidas = 0;
  if (caminho[0] !== 'andamento') {
    datas = [Math.min(agora, abertoEm.getTime() + (1 + Math.random() * 4) * DIA)];
  } else if (caminho.length === 1) {
    datas = [inicio];
    etapasConcluidas = feitasAte(agora);
  } else if (caminho[1] === 'concluido') {
    datas = [inicio, inicio + duracao];
    etapasConcluidas = duracoes.length;
  } else {
    const fim = Math.min(agora, inicio + Math.random() * duracao);
    datas = [inicio, fim];
    etapasConcluidas = feitasAte(fim);
  }
  const passos = caminho.map((status, i) => ({ status, nota: status === 'recusado' ? 'Documentação incompleta.' : undefined, em: new Date(datas[i]) }));
  return { clienteId, servico, descricao: pick(DESCRICOES), passos, abertoEm, etapasConcluidas };
}

// ---------- a mailbox: clients writing to the firm and the firm's answers

const ASSUNTOS = ['Dúvida sobre o andamento', 'Documentos enviados', 'Certidão para licitação', 'Alteração de endereço da sede', 'Inclusão de sócio', 'Balanço patrimonial', 'Boleto de honorários', 'Exigência da Junta', 'Contrato social assinado', 'Agendamento de assinatura'];
const CORPOS = [
  'Bom dia,\n\nPoderiam informar em que etapa está o nosso processo na Junta?\n\nObrigado.',
  'Boa tarde,\n\nSeguem os documentos solicitados. Qualquer pendência, nos avisem.\n\nAtenciosamente.',
  'Prezados,\n\nPrecisamos da certidão simplificada atualizada até sexta-feira para uma licitação.\n\nGrato.',
  'Olá,\n\nO contrato foi assinado por todos os sócios hoje. Como procedemos?\n\nAbraços.',
];

/** One message between a demo client and the master: most from the client (Entrada), some answers (Enviados). */
function demoEmail(cliente, master, numero, date, ownerId) {
  const client = { address: cliente.email, name: cliente.razaoSocial };
  const enviado = randomInt(10) < 3;
  const assunto = `${enviado ? 'Re: ' : ''}${pick(ASSUNTOS)}${numero ? ` — protocolo ${numero}` : ''}`;
  const text = enviado ? `Olá,\n\nRecebemos sua mensagem e já estamos tratando do assunto.\n\n${master.name}` : pick(CORPOS);
  const html = randomInt(3) === 0 ? `<p>${text.split('\n\n').join('</p><p>').replace(/\n/g, '<br>')}</p>` : null;
  const old = Date.now() - date.getTime() > 7 * 86_400_000;
  return {
    message: {
      messageId: `<${randomUUID()}@demo.veritas>`,
      inReplyTo: null,
      from: enviado ? master : client,
      to: [enviado ? client : master],
      cc: [],
      bcc: [],
      subject: assunto,
      date,
      html,
      text,
      attachments: [],
    },
    placement: { ownerId, folder: enviado ? 'sent' : 'inbox', read: enviado || old || randomInt(3) > 0, keepBcc: enviado },
  };
}

// ---------- client types and their prices (reais), by the catalogue's service names

const TIPOS = [
  ['MEI', 0.6],
  ['Simples Nacional', 1],
  ['Lucro Presumido', 1.5],
  ['Lucro Real', 2.2],
];
const PRECOS = [
  ['Abertura de Empresa', 1200],
  ['Alteração Contratual', 650],
  ['Baixa de Empresa', 900],
  ['Certidão Simplificada', 120],
  ['Certidão de Inteiro Teor', 180],
  ['Arquivamento de Balanço', 450],
];

/** The demo's client types (ids), created through TiposClienteService where missing. */
async function demoTipos(service, ds) {
  const existing = new Map((await ds.query('SELECT id, nome FROM tipos_cliente')).map((r) => [r.nome, r.id]));
  const ids = [];
  for (const [nome, fator] of TIPOS) {
    if (existing.has(nome)) ids.push(existing.get(nome));
    else ids.push((await service.createTipo({ nome, ativo: true, servicos: PRECOS.map(([servico, valor]) => ({ nome: servico, valor: Math.round(valor * fator) })) })).id);
  }
  return ids;
}

// ---------- the agenda: meetings and signings with clients, around today

const EVENTOS = [
  ['reuniao', 'Reunião de alinhamento'],
  ['assinatura', 'Assinatura do contrato social'],
  ['reuniao', 'Entrega de documentos'],
  ['vistoria', 'Vistoria do endereço da sede'],
  ['outro', 'Retorno sobre a exigência da Junta'],
];

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
    const ids = [];
    let rowsBefore = await countRows(ds);
    let t = performance.now();
    const t0 = Date.now() - N_CLIENTES * 3_600_000;
    let inFlight = twoInFlight();
    for (let i = 0; i < N_CLIENTES; i += BATCH) {
      const batch = [];
      for (let j = i; j < Math.min(N_CLIENTES, i + BATCH); j++) batch.push(demoCliente(j, tag, freshCnpj(taken), passwordHash, new Date(t0 + j * 3_600_000), randomInt(8) === 0 ? null : pick(tipos)));
      for (const c of batch) if (c.status === 'ativo') ids.push(c.id);
      await inFlight.add(withTransaction(ds, (m) => insertAudited(m, Cliente, batch)));
    }
    await inFlight.all();
    await report(ds, 'clientes', N_CLIENTES, t, rowsBefore);

    // Registros through the service, as a master opens them for the clients; then their statuses.
    if (N_REGISTROS > 0) {
      if (!ids.length) ids.push(...(await ds.query("SELECT id FROM clientes WHERE status = 'ativo'")).map((r) => r.id));
      if (!ids.length) throw new Error('Nenhum cliente ativo para receber registros: use --clientes.');
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
          const item = demoRegistro(ids[randomInt(ids.length)], servico, abertoEm, duracoes.get(servico));
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
      const desde = config.database.type === 'sqlite' ? seedStart.toISOString().replace('T', ' ').replace('Z', '') : seedStart;
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
        const inicio = new Date(Date.now() + (randomInt(90) - 30) * 86_400_000);
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
      const t0 = Date.now() - 365 * 86_400_000;
      // Two batches in flight: one's files are written while the other's rows commit.
      inFlight = twoInFlight();
      for (let i = 0; i < N_EMAILS; i += BATCH) {
        const items = [];
        for (let j = i; j < Math.min(N_EMAILS, i + BATCH); j++) {
          items.push(demoEmail(pick(clientes), { address: master.email, name: master.nomeCompleto }, numeros.length ? pick(numeros) : null, new Date(t0 + Math.floor((j / N_EMAILS) * 365 * 86_400_000)), master.id));
        }
        await inFlight.add(mailbox.storeMany(items));
      }
      await inFlight.all();
      await report(ds, 'e-mails na caixa do master', N_EMAILS, t, rowsBefore);
    }
    console.log(`Ao todo: ${written.rows.toLocaleString('pt-BR')} linhas em ${written.s.toFixed(1)} s (${rate(written.rows, written.s)} linhas/s).`);
    console.log(`Equipe: ${equipe.map((u) => `${u.email} (${u.papel === 'diretoria' ? 'Diretoria' : 'Associado'})`).join(', ')}; todos com a senha ${DEMO_EQUIPE_PASSWORD}.`);
    console.log(`Pronto. Qualquer cliente de demonstração entra no portal com a senha ${DEMO_PASSWORD}.`);
  } finally {
    await app.close();
  }
}

/**
 * Two batches in flight: `add(batch)` returns once the batch before it is written, so the database
 * writes one while this process makes the next (on MySQL/MariaDB, each in its own transaction and
 * connection; SQLite runs them in turn). The audit chain's head row orders their entries. A failure
 * is thrown by the `add` or `all` that awaits it, never left unhandled meanwhile.
 */
function twoInFlight() {
  let previous = Promise.resolve();
  return {
    async add(batch) {
      batch.catch(() => undefined);
      const before = previous;
      previous = batch;
      await before;
    },
    all: () => previous,
  };
}

/** A datetime as either driver answers a raw query: mysql2's Date, SQLite's UTC text. */
function dateOf(v) {
  return v instanceof Date ? v : new Date(`${String(v).replace(' ', 'T')}Z`);
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
