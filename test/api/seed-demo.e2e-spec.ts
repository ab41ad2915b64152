import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { addCalendarDays, CONTACT_SUBJECTS, isFinalStatus, normalizeSearch, OPEN_REGISTRO_STATUSES, REGISTRO_STATUSES, RegistroStatus, todayInSaoPaulo } from '@veritas/common';
import { PasswordService } from '../../backend/src/platform/passwords/password.service';
import { ReadPool } from '../../backend/src/platform/read-side/read-pool';
import { RegistroEtapa } from '../../backend/src/processos/entities/registro-etapa.entity';
import { RelatoriosService } from '../../backend/src/relatorios/relatorios.service';
import { DataVersions } from '../../backend/src/platform/read-side/data-versions';
import { ReadSide } from '../../backend/src/platform/read-side';
import { User } from '../../backend/src/users/entities/user.entity';
import { AuditoriaService } from '../../backend/src/auditoria/auditoria.service';
import { AuditCheckpoints } from '../../backend/src/auditoria/audit-checkpoints';
import { createDocumentStorage } from '../../backend/src/platform/storage/storage.module';
import { MODELOS_PADRAO } from '../../backend/src/processos/modelos-padrao';
import { clienteBusca } from '../../backend/src/clientes/cliente.mapper';
import { clienteSearch, clientesFts } from '../../backend/src/clientes/cliente-search';
import { Cliente } from '../../backend/src/clientes/entities/cliente.entity';
import { ClienteMembro } from '../../backend/src/clientes/entities/cliente-membro.entity';
import { RegistroHistorico } from '../../backend/src/registros/entities/registro-historico.entity';
import { Registro } from '../../backend/src/registros/entities/registro.entity';
import { loadConfig } from '../../backend/src/platform/config/config';
import { dataSourceOptions } from '../../backend/src/data-source';
import { createTestDatabase, databaseKinds, TestDatabase } from '../support/db';

const ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);

// The seeder runs the built app (backend/dist), as `npm test` builds before the API tier.
const built = fs.existsSync(path.join(ROOT, 'backend', 'dist', 'main.js'));

(built ? describe.each(databaseKinds()) : describe.skip.each(databaseKinds()))('npm run seed:demo on %s', (kind) => {
  let db: TestDatabase;
  let dataDir: string;
  let ds: DataSource;
  let output: string;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-seed-'));
    const env: Record<string, string> = { ...process.env, DATA_DIR: dataDir } as Record<string, string>;
    if (db.url) env.DATABASE_URL = db.url;
    else delete env.DATABASE_URL;
    const r = await run(process.execPath, [path.join(ROOT, 'scripts', 'seed-demo.mjs'), '--clientes', '600', '--registros', '80', '--emails', '300', '--contatos', '25'], { env, cwd: ROOT, timeout: 120_000 });
    output = r.stdout;
    const config = loadConfig({ DATA_DIR: dataDir, ...(db.url ? { DATABASE_URL: db.url } : {}) });
    ds = await new DataSource({ ...dataSourceOptions(config), migrationsRun: false }).initialize();
  }, 150_000);
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints rows per second and the demo password', async () => {
    // Each phase says how many rows it wrote in every table (the audit trail's entries included): each client and
    // each of its people (ADR 0058: its Responsável, some companies more), with one audit entry apiece.
    const membros = await ds.getRepository(ClienteMembro).count();
    expect(output).toMatch(new RegExp(`600 clientes em [\\d.,]+ s: ${(2 * (600 + membros)).toLocaleString('pt-BR').replace(/\./g, '\\.')} linhas em todas as tabelas \\([\\d.]+ linhas\\/s\\)`));
    expect(output).toMatch(/80 registros \(com histórico e cobranças\) em [\d.,]+ s: [\d.]+ linhas em todas as tabelas \([\d.]+ linhas\/s\)/);
    expect(output).toMatch(/\d+ pagamentos e 4 compromissos na agenda em [\d.,]+ s: [\d.]+ linhas/);
    expect(output).toMatch(/\d+ documentos \(PDF e imagens\) nos registros e nas listas de documentos em [\d.,]+ s: [\d.]+ linhas/);
    expect(output).toMatch(/25 mensagens de contato do site em [\d.,]+ s: 50 linhas em todas as tabelas/);
    // And the whole run: the parts' rows added up.
    const parts = [...output.matchAll(/: ([\d.]+) linhas em todas as tabelas/g)].map((m) => Number(m[1].replace(/\./g, '')));
    expect(parts).toHaveLength(6);
    const total = parts.reduce((a, b) => a + b, 0);
    expect(output).toMatch(new RegExp(`Ao todo: ${total.toLocaleString('pt-BR').replace(/\./g, '\\.')} linhas em [\\d.,]+ s \\([\\d.]+ linhas/s\\)`));
    expect(output).toMatch(/senha \S+/);
  });

  it('writes clients with their derived columns right, numeric and alphanumeric CNPJs, found by search', async () => {
    const clientes = await ds.getRepository(Cliente).find();
    expect(clientes).toHaveLength(600);
    for (const c of clientes) expect(c.busca).toBe(clienteBusca(c));
    expect(clientes.some((c) => /[A-Z]/.test(c.cnpj ?? ''))).toBe(true);
    expect(new Set(clientes.map((c) => c.cnpj)).size).toBe(600);
    const sample = clientes[123];
    const q = sample.email.split('@')[0];
    const cond = clienteSearch('c', q, await clientesFts(ds, q));
    const found = await ds.getRepository(Cliente).createQueryBuilder('c').select('c.id', 'id').where(cond ?? '1 = 0').getRawMany();
    expect(found.map((r) => r.id)).toEqual([sample.id]);
    const index = kind === 'sqlite' ? 'clientes_fts' : 'clientes_sufixos';
    expect(Number((await ds.query(`SELECT COUNT(*) AS n FROM ${index}`))[0].n)).toBe(600);
  });

  it('writes registros through the bulk path (protocol numbers, histories, most statuses) and sends nothing', async () => {
    const registros: { numero: string; status: string; id: string }[] = await ds.query('SELECT id, numero, status FROM registros');
    expect(registros).toHaveLength(80);
    expect(new Set(registros.map((r) => r.numero)).size).toBe(80);
    const statuses = new Set(registros.map((r) => r.status));
    expect([...statuses].every((s) => (REGISTRO_STATUSES as readonly string[]).includes(s))).toBe(true);
    expect(statuses.size).toBeGreaterThanOrEqual(4);
    const [{ n }] = await ds.query('SELECT COUNT(DISTINCT registroId) AS n FROM registro_historico');
    expect(Number(n)).toBe(80);
    expect(Number((await ds.query('SELECT COUNT(*) AS n FROM mail_outbox'))[0].n)).toBe(0);
  });

  it('gives the firm a year of history: opened over the last year, numbered per year in opening order, dated steps', async () => {
    const repo = ds.getRepository(Registro);
    const registros = await repo.find({ order: { createdAt: 'ASC' } });
    const now = Date.now();
    const ageDays = (d: Date) => (now - d.getTime()) / 86_400_000;
    expect(ageDays(registros[0].createdAt)).toBeGreaterThan(300);
    expect(ageDays(registros.at(-1)!.createdAt)).toBeLessThan(30);
    // Each number's year is the year it was opened in (São Paulo), and numbers grow with the opening time.
    for (const r of registros) expect(r.numero.slice(0, 4)).toBe(todayInSaoPaulo(r.createdAt).slice(0, 4));
    for (let i = 1; i < registros.length; i++) {
      if (registros[i].numero.slice(0, 4) === registros[i - 1].numero.slice(0, 4)) expect(registros[i].numero > registros[i - 1].numero).toBe(true);
    }
    // The deadline counts from the opening day; steps come after it and never after now.
    const linhas = await ds.getRepository(RegistroHistorico).find();
    const porRegistro = new Map(registros.map((r) => [r.id, r]));
    for (const h of linhas) {
      const r = porRegistro.get(h.registroId)!;
      expect(h.createdAt.getTime()).toBeGreaterThanOrEqual(r.createdAt.getTime());
      expect(h.createdAt.getTime()).toBeLessThanOrEqual(now);
      if (h.evento === 'criacao') expect(h.createdAt.getTime()).toBe(r.createdAt.getTime());
    }
    for (const r of registros) {
      if (r.encerradoEm) expect(r.encerradoEm.getTime()).toBeGreaterThanOrEqual(r.createdAt.getTime());
      if (r.status === 'pendente' && r.prazo && !r.pausadoEm) expect(r.prazo >= todayInSaoPaulo(r.createdAt)).toBe(true);
    }
    // Most of the registros opened more than 45 days ago have ended.
    const antigos = registros.filter((r) => ageDays(r.createdAt) > 45);
    expect(antigos.filter((r) => isFinalStatus(r.status)).length).toBeGreaterThan(antigos.length / 2);
  });

  it("fills the master's mailbox: clients' messages in Entrada, answers in Enviados, each with its body", async () => {
    expect(output).toMatch(/300 e-mails na caixa do master em [\d.,]+ s: 300 linhas em todas as tabelas/);
    const rows: { ownerId: string; folder: string; bodyFile: string; body: string | null; subject: string; searchText: string; fromAddress: string }[] = await ds.query(
      'SELECT ownerId, folder, bodyFile, body, subject, searchText, fromAddress FROM mail_messages',
    );
    expect(rows).toHaveLength(300);
    const [master] = await ds.query('SELECT id, email FROM users ORDER BY createdAt ASC LIMIT 1');
    expect(new Set(rows.map((r) => r.ownerId))).toEqual(new Set([master.id]));
    expect(new Set(rows.map((r) => r.folder))).toEqual(new Set(['inbox', 'sent']));
    const clientEmails = new Set(((await ds.query('SELECT email FROM clientes')) as { email: string }[]).map((c) => c.email));
    for (const r of rows) {
      expect(r.folder === 'inbox' ? clientEmails.has(r.fromAddress) : r.fromAddress === master.email).toBe(true);
      // Small bodies live in the row (bodyFile ''), as for any stored message.
      const body = JSON.parse(r.bodyFile ? fs.readFileSync(path.join(dataDir, 'mail', 'files', r.bodyFile.slice(0, 2), r.bodyFile), 'utf8') : (r.body as string));
      expect(body.text.length).toBeGreaterThan(10);
      // The search column is the subject, people and text folded, as for any stored message.
      expect(r.searchText.startsWith(r.subject.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, ''))).toBe(true);
    }
  });

  it('prices the clients by type, charges every priced registro once, pays some, and fills the agenda', async () => {
    const tipos: { id: string; nome: string }[] = await ds.query('SELECT id, nome FROM tipos_cliente');
    expect(tipos.map((t) => t.nome).sort()).toEqual(['Lucro Presumido', 'Lucro Real', 'MEI', 'Simples Nacional']);
    const precos = await ds.query('SELECT COUNT(*) AS n FROM tipos_cliente_servicos WHERE valor > 0');
    expect(Number(precos[0].n)).toBe(4 * 6);
    const [{ n: comTipo }] = await ds.query('SELECT COUNT(*) AS n FROM clientes WHERE tipoClienteId IS NOT NULL');
    expect(Number(comTipo)).toBeGreaterThan(600 * 0.7);
    // Registros of typed clients carry the type's price; each priced registro has exactly one charge of that value.
    const cobrados: { id: string; status: string; valor: unknown; n: unknown; total: unknown; pago: unknown; cstatus: string }[] = await ds.query(
      'SELECT r.id, r.status, r.valor, COUNT(c.id) AS n, MAX(c.totalCentavos) AS total, MAX(c.pagoCentavos) AS pago, MAX(c.status) AS cstatus FROM registros r LEFT JOIN cobrancas c ON c.registroId = r.id WHERE r.valor IS NOT NULL GROUP BY r.id, r.status, r.valor',
    );
    expect(cobrados.length).toBeGreaterThan(40);
    for (const r of cobrados) {
      expect(Number(r.n)).toBe(1);
      expect(Number(r.total)).toBe(Math.round(Number(r.valor) * 100));
      // Concluded registros' charges are paid in full.
      if (r.status === 'concluido') expect([r.cstatus, Number(r.pago)]).toEqual(['paga', Number(r.total)]);
    }
    // Each payment has its row and history line; the charge's paid amount is their sum.
    const pagas = await ds.query(
      "SELECT c.id, c.pagoCentavos AS pago, (SELECT SUM(valorCentavos) FROM cobranca_pagamentos p WHERE p.cobrancaId = c.id) AS soma, (SELECT COUNT(*) FROM cobranca_historico h WHERE h.cobrancaId = c.id AND h.evento = 'pagamento') AS linhas FROM cobrancas c WHERE c.pagoCentavos > 0",
    );
    expect(pagas.length).toBeGreaterThan(0);
    for (const c of pagas) expect([Number(c.soma), Number(c.linhas)]).toEqual([Number(c.pago), 1]);
    const eventos: { id: string; clienteId: string; registroId: string }[] = await ds.query('SELECT id, clienteId, registroId FROM agenda_eventos');
    expect(eventos).toHaveLength(4);
    for (const e of eventos) {
      const [r] = await ds.query('SELECT clienteId FROM registros WHERE id = ?', [e.registroId]);
      expect(r.clienteId).toBe(e.clienteId);
    }
    expect(Number((await ds.query('SELECT COUNT(*) AS n FROM agenda_participantes'))[0].n)).toBe(4);
  });

  it("gives every registro its service's stages and checklist, a history ending in its status, and whole audit trail", async () => {
    const registros: { id: string; servico: string; status: string; etapaAtual: string | null; encerradoEm: unknown }[] = await ds.query(
      'SELECT id, servico, status, etapaAtual, encerradoEm FROM registros',
    );
    const byRegistro = async (table: string) =>
      new Map(((await ds.query(`SELECT registroId, COUNT(*) AS n FROM ${table} GROUP BY registroId`)) as { registroId: string; n: unknown }[]).map((r) => [r.registroId, Number(r.n)]));
    const etapas = await byRegistro('registro_etapas');
    const checklist = await byRegistro('registro_checklist');
    const modelos = new Map(((await ds.query('SELECT servico, COUNT(*) AS n FROM checklist_modelos GROUP BY servico')) as { servico: string; n: unknown }[]).map((r) => [r.servico, Number(r.n)]));
    // The last status the history gives (stage moves have lines of their own).
    const finais = new Map(
      (
        (await ds.query(
          "SELECT h.registroId, h.para FROM registro_historico h WHERE h.ordem = (SELECT MAX(ordem) FROM registro_historico x WHERE x.registroId = h.registroId AND x.evento IN ('criacao', 'status'))",
        )) as { registroId: string; para: string }[]
      ).map((r) => [r.registroId, r.para]),
    );
    expect(new Set(registros.map((r) => r.servico)).size).toBeGreaterThanOrEqual(3);
    for (const r of registros) {
      expect(etapas.get(r.id)).toBe((MODELOS_PADRAO[r.servico] ?? []).length);
      expect(checklist.get(r.id) ?? 0).toBe(modelos.get(r.servico) ?? 0);
      expect(finais.get(r.id)).toBe(r.status);
      expect(r.encerradoEm !== null).toBe(isFinalStatus(r.status as RegistroStatus));
    }
    const porAcao = new Map(((await ds.query("SELECT acao, COUNT(*) AS n FROM auditoria GROUP BY acao")) as { acao: string; n: unknown }[]).map((r) => [r.acao, Number(r.n)]));
    expect(porAcao.get('cliente.create')).toBe(600);
    expect(porAcao.get('registro.create')).toBe(80);
    expect(porAcao.get('registro.criacao')).toBe(80);
    // The agenda's bulk path writes the entries four saves would have.
    expect(porAcao.get('agenda.create')).toBe(4);
    const [{ n: cobrancas }] = await ds.query('SELECT COUNT(*) AS n FROM cobrancas');
    const [{ n: pagamentos }] = await ds.query('SELECT COUNT(*) AS n FROM cobranca_pagamentos');
    expect(porAcao.get('cobranca.create')).toBe(Number(cobrancas));
    expect(porAcao.get('cobranca.pagamento.create')).toBe(Number(pagamentos));
    expect(porAcao.get('cobranca.update')).toBe(Number(pagamentos));
    // Every payment's entry is filed under its charge's client, as a single payment's is.
    const [{ n: semCliente }] = await ds.query("SELECT COUNT(*) AS n FROM auditoria WHERE acao = 'cobranca.pagamento.create' AND clienteId IS NULL");
    expect(Number(semCliente)).toBe(0);
    const config = loadConfig({ DATA_DIR: dataDir, ...(db.url ? { DATABASE_URL: db.url } : {}) });
    const checkpoints = new AuditCheckpoints(ds, config, createDocumentStorage(config), {} as never);
    expect(await new AuditoriaService(ds, config, {} as never, checkpoints).verify()).toMatchObject({ ok: true, firstBroken: null });
  });
  it("registers each registro's client before it was opened, over the same year, and describes it as its service", async () => {
    const rows: { servico: string; descricao: string; criado: unknown; clienteCriado: unknown }[] = await ds.query(
      'SELECT r.servico, r.descricao, r.createdAt AS criado, c.createdAt AS clienteCriado FROM registros r JOIN clientes c ON c.id = r.clienteId',
    );
    const ms = (v: unknown) => (v instanceof Date ? v : new Date(`${String(v).replace(' ', 'T')}Z`)).getTime();
    for (const r of rows) expect(ms(r.clienteCriado)).toBeLessThanOrEqual(ms(r.criado));
    // Clients joined over the firm's history, not all in its last days.
    const [{ antes, depois }] = await ds.query('SELECT MIN(createdAt) AS antes, MAX(createdAt) AS depois FROM clientes');
    expect((ms(depois) - ms(antes)) / 86_400_000).toBeGreaterThan(300);
    const palavra: Record<string, RegExp> = {
      'certidao-simplificada': /^Certidão simplificada/,
      'abertura-empresas': /^(Abertura|Constituição)/,
      'alteracoes-contratuais': /^(Alteração|Inclusão|Abertura de filial|Aumento|Retirada)/,
      'baixa-empresas': /^(Baixa|Encerramento)/,
      'arquivamento-balancos': /^Arquivamento .* de \d{4}$/,
      'certidao-inteiro-teor': /^Certidão de inteiro teor/,
    };
    for (const r of rows) expect(r.descricao).toMatch(palavra[r.servico]);
  });

  it('gives the recent registros their files: checklist items sent and judged with a real PDF or PNG in storage, and the Junta result', async () => {
    const docs: { id: string; registroId: string; storageKey: string; sha256: string; tamanho: number; tipo: string; enviadoPor: string; titulo: string }[] = await ds.query(
      'SELECT id, registroId, storageKey, sha256, tamanho, tipo, enviadoPor, titulo FROM documentos',
    );
    expect(docs.length).toBeGreaterThan(20);
    expect(new Set(docs.map((d) => d.tipo))).toEqual(new Set(['PDF', 'Imagem']));
    const storage = createDocumentStorage(loadConfig({ DATA_DIR: dataDir, ...(db.url ? { DATABASE_URL: db.url } : {}) }));
    for (const d of docs.slice(0, 40)) {
      const chunks: Buffer[] = [];
      for await (const c of await storage.openRead(d.storageKey)) chunks.push(c as Buffer);
      const bytes = Buffer.concat(chunks);
      expect(bytes.length).toBe(d.tamanho);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(d.sha256);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe(d.tipo === 'PDF' ? '%PDF' : '\x89PNG');
    }
    const itens: { status: string; documentoId: string | null; enviadoEm: unknown; avaliadoEm: unknown; motivo: string | null; regStatus: string }[] = await ds.query(
      'SELECT k.status, k.documentoId, k.enviadoEm, k.avaliadoEm, k.motivo, r.status AS regStatus FROM registro_checklist k JOIN registros r ON r.id = k.registroId',
    );
    const ids = new Set(docs.map((d) => d.id));
    for (const k of itens) {
      // Every item past pendente has its file; a concluded registro's are all accepted; a refusal says why.
      expect(k.status === 'pendente' ? k.documentoId : ids.has(k.documentoId!)).toBe(k.status === 'pendente' ? null : true);
      if (k.regStatus === 'concluido') expect(k.status).toBe('aceito');
      if (['recusado', 'cancelado'].includes(k.regStatus)) expect(k.status).toBe('pendente');
      expect(k.avaliadoEm === null).toBe(['pendente', 'enviado'].includes(k.status));
      expect(k.motivo === null).toBe(k.status !== 'recusado');
    }
    const [{ n: concluidos }] = await ds.query("SELECT COUNT(*) AS n FROM registros WHERE status = 'concluido'");
    expect(docs.filter((d) => d.enviadoPor === 'equipe')).toHaveLength(Number(concluidos));
    // Found by the documents' search, as an upload is.
    const index = kind === 'sqlite' ? 'documentos_fts' : 'documentos_sufixos';
    expect(Number((await ds.query(`SELECT COUNT(*) AS n FROM ${index}`))[0].n)).toBe(docs.length);
  });

  it("fills the site's contact messages: the older ones handled, the newest unread, searchable", async () => {
    const rows: { assunto: string; lida: unknown; tratada: unknown; busca: string; nome: string }[] = await ds.query('SELECT assunto, lida, tratada, busca, nome FROM contato_mensagens');
    expect(rows).toHaveLength(25);
    for (const r of rows) {
      expect((CONTACT_SUBJECTS as readonly string[]).includes(r.assunto)).toBe(true);
      expect(r.busca).toContain(normalizeSearch(r.nome));
    }
    expect(rows.some((r) => Number(r.tratada) === 1)).toBe(true);
    const index = kind === 'sqlite' ? 'contato_fts' : 'contato_sufixos';
    expect(Number((await ds.query(`SELECT COUNT(*) AS n FROM ${index}`))[0].n)).toBe(25);
  });

  /** The demo team as the seeder defines it: a director and five associates. */
  const EQUIPE = { diretoria: ['helena.prado'], associados: ['rafael.duarte', 'juliana.teixeira', 'thiago.lopes', 'camila.antunes', 'lucas.medeiros'] };

  it('gives every client its Responsável, who signs in with the company e-mail and the printed password, and some companies more people', async () => {
    const clientes = await ds.getRepository(Cliente).find({ select: { id: true, email: true } });
    const membros = await ds.getRepository(ClienteMembro).find();
    expect(clientes).toHaveLength(600);
    const porCliente = new Map<string, ClienteMembro[]>();
    for (const m of membros) porCliente.set(m.clienteId, [...(porCliente.get(m.clienteId) ?? []), m]);
    for (const c of clientes) {
      const responsavel = porCliente.get(c.id)?.find((m) => m.papel === 'responsavel');
      // As the migration makes it: the company's login is the Responsável with the company's id and e-mail.
      expect(responsavel).toMatchObject({ id: c.id, email: c.email, status: 'ativo' });
    }
    const outros = membros.filter((m) => m.papel !== 'responsavel');
    expect(outros.length).toBeGreaterThan(0);
    expect(outros.length).toBeLessThan(300);
    for (const m of outros) {
      expect(['socio', 'contador', 'colaborador']).toContain(m.papel);
      expect(m.email).toBe(`${m.papel}.${clientes.find((c) => c.id === m.clienteId)!.email}`);
    }
    const senha = /entra no portal com a senha (\S+)\./.exec(output)?.[1];
    expect(senha).toBeDefined();
    const config = loadConfig({ DATA_DIR: dataDir, ...(db.url ? { DATABASE_URL: db.url } : {}) });
    const passwords = new PasswordService(config);
    for (const m of [membros[0], outros[0]]) expect(await passwords.verify(m.passwordHash!, senha!)).toBe(true);
  });

  it('creates the team through the users service: a director and five associates who sign in with the printed password', async () => {
    const users = await ds.getRepository(User).find();
    const byName = new Map(users.map((u) => [u.username, u]));
    for (const username of EQUIPE.diretoria) expect(byName.get(username)).toMatchObject({ isAdmin: true, permissions: ['Diretoria'] });
    for (const username of EQUIPE.associados) expect(byName.get(username)).toMatchObject({ isAdmin: false, permissions: ['Associados'] });
    const senha = /todos com a senha (\S+)\./.exec(output)?.[1];
    expect(senha).toBeDefined();
    const config = loadConfig({ DATA_DIR: dataDir, ...(db.url ? { DATABASE_URL: db.url } : {}) });
    for (const username of [...EQUIPE.diretoria, ...EQUIPE.associados]) {
      const u = byName.get(username)!;
      expect(output).toContain(u.email);
      expect(await new PasswordService(config).verify(u.passwordHash, senha!)).toBe(true);
    }
    // Each created once, with its audit entry, as Equipe creates one.
    const ids = [...EQUIPE.diretoria, ...EQUIPE.associados].map((username) => byName.get(username)!.id);
    const [{ n }] = await ds.query(`SELECT COUNT(*) AS n FROM auditoria WHERE acao = 'usuario.create' AND entidadeId IN (${ids.map(() => '?').join(', ')})`, ids);
    expect(Number(n)).toBe(6);
  });

  it('gives the registros responsáveis among the associados, leaving some of the open ones unassigned', async () => {
    const associados = new Set(((await ds.query('SELECT id, username FROM users')) as { id: string; username: string }[]).filter((u) => EQUIPE.associados.includes(u.username)).map((u) => u.id));
    const registros: { id: string; status: RegistroStatus; responsavelId: string | null }[] = await ds.query('SELECT id, status, responsavelId FROM registros');
    const abertos = registros.filter((r) => (OPEN_REGISTRO_STATUSES as readonly string[]).includes(r.status));
    expect(abertos.length).toBeGreaterThan(0);
    for (const r of registros) {
      if (r.responsavelId) expect(associados.has(r.responsavelId)).toBe(true);
      else expect(abertos).toContain(r);
    }
    const sem = abertos.filter((r) => !r.responsavelId).length;
    expect(sem).toBeGreaterThan(0);
    expect(sem).toBeLessThanOrEqual(Math.ceil(abertos.length / 5));
    expect(new Set(registros.map((r) => r.responsavelId).filter(Boolean)).size).toBeGreaterThanOrEqual(3);
    // Its history says so, as a single registro opened with one.
    const [{ n }] = await ds.query("SELECT COUNT(*) AS n FROM registro_historico WHERE evento = 'responsavel'");
    expect(Number(n)).toBe(registros.length - sem);
  });

  it('moves the stages as far as each registro went: all done when concluded, one in progress while open, none dated after now', async () => {
    const now = Date.now();
    const registros = await ds.getRepository(Registro).find();
    const etapas = await ds.getRepository(RegistroEtapa).find({ order: { ordem: 'ASC' } });
    const porRegistro = new Map<string, RegistroEtapa[]>();
    for (const e of etapas) porRegistro.set(e.registroId, [...(porRegistro.get(e.registroId) ?? []), e]);
    const iniciados = new Set(((await ds.query("SELECT DISTINCT registroId FROM registro_historico WHERE evento = 'status' AND para = 'andamento'")) as { registroId: string }[]).map((r) => r.registroId));
    const vistos = new Set<string>();
    for (const r of registros) {
      const es = porRegistro.get(r.id)!;
      const st = es.map((e) => e.status).join(' ');
      // Concluded ones in order, then at most one in progress, then pending ones.
      expect(st).toMatch(/^(concluida ?)*(andamento ?)?(pendente ?)*$/);
      const atual = es.find((e) => e.status !== 'concluida') ?? null;
      expect(r.etapaAtual).toBe(atual?.nome ?? null);
      if (r.status === 'concluido') expect(es.every((e) => e.status === 'concluida' && e.diasUteis !== null)).toBe(true);
      if (r.status === 'andamento') expect(es.filter((e) => e.status === 'andamento')).toHaveLength(1);
      if (!iniciados.has(r.id)) expect(es.every((e) => e.status === 'pendente')).toBe(true);
      // Dated between the opening and now (MySQL keeps whole seconds).
      for (const t of [...es.flatMap((e) => [e.inicio, e.fim]), r.etapaDesde]) {
        if (!t) continue;
        expect(t.getTime()).toBeLessThanOrEqual(now);
        expect(t.getTime()).toBeGreaterThanOrEqual(Math.floor(r.createdAt.getTime() / 1000) * 1000);
      }
      for (const e of es) if (e.inicio && e.fim) expect(e.fim.getTime()).toBeGreaterThanOrEqual(e.inicio.getTime());
      vistos.add(r.status);
    }
    expect(vistos.has('concluido')).toBe(true);
    // Each stage move has its history line, as moveEtapa writes it.
    const [{ n }] = await ds.query("SELECT COUNT(*) AS n FROM registro_historico WHERE evento = 'etapa'");
    expect(Number(n)).toBe(etapas.filter((e) => e.inicio).length + etapas.filter((e) => e.fim).length);
  });

  it('dates the charges from the opening day, leaves some overdue, pays none in the future, and fills the payment reports', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...(db.url ? { DATABASE_URL: db.url } : {}) });
    const today = todayInSaoPaulo();
    const sec = (d: Date) => Math.floor(d.getTime() / 1000);
    const cobrancas: { id: string; registroId: string; vencimento: string; status: string; createdAt: unknown }[] = await ds.query('SELECT id, registroId, vencimento, status, createdAt FROM cobrancas');
    const asDate = (v: unknown) => (v instanceof Date ? v : new Date(`${String(v).replace(' ', 'T')}Z`));
    const registros = new Map((await ds.getRepository(Registro).find()).map((r) => [r.id, r]));
    for (const c of cobrancas) {
      const r = registros.get(c.registroId)!;
      expect(c.vencimento).toBe(addCalendarDays(todayInSaoPaulo(r.createdAt), config.financas.vencimentoDias));
      expect(sec(asDate(c.createdAt))).toBe(sec(r.createdAt));
    }
    expect(cobrancas.filter((c) => c.status === 'aberta' && c.vencimento < today).length).toBeGreaterThan(0);
    expect(cobrancas.filter((c) => c.vencimento < addCalendarDays(today, -180)).length).toBeGreaterThan(0);
    const pagamentos: { data: string; createdAt: unknown; emitida: unknown }[] = await ds.query(
      'SELECT p.data, p.createdAt, c.createdAt AS emitida FROM cobranca_pagamentos p JOIN cobrancas c ON c.id = p.cobrancaId',
    );
    expect(pagamentos.length).toBeGreaterThan(0);
    for (const p of pagamentos) {
      expect(p.data <= today).toBe(true);
      expect(p.data >= todayInSaoPaulo(asDate(p.emitida))).toBe(true);
      expect(sec(asDate(p.createdAt))).toBeGreaterThanOrEqual(sec(asDate(p.emitida)));
      expect(asDate(p.createdAt).getTime()).toBeLessThanOrEqual(Date.now());
    }
    // The reports of the last twelve months (their default period) have money in them.
    const reads = { manager: ds.manager, read: (sql: string, params: unknown[]) => ds.query(sql, params) } as unknown as ReadPool;
    const relatorios = new RelatoriosService(new ReadSide(reads, new DataVersions(ds, reads)));
    const master = { role: 'user', id: 'x', email: 'master@veritas.com.br', userType: 'master', permissions: ['Master'] } as const;
    for (const nome of ['recebimentos-por-servico', 'recebimentos-por-tipo-de-cliente']) {
      const { def, periodo, filtros } = relatorios.parse(master as never, nome, {});
      const r = (await relatorios.run(def, periodo, filtros)) as unknown as { linhas: unknown[]; totais: { recebido: number; aReceber: number } };
      expect(r.linhas.length).toBeGreaterThan(1);
      expect(r.totais.recebido).toBeGreaterThan(0);
      expect(r.totais.aReceber).toBeGreaterThan(0);
    }
  });
});
