/**
 * The bulk path of registros (issue 14: the demo seeder writes through it): a registro opened and
 * moved in bulk is the registro one request at a time makes — same columns, stages, checklist,
 * history, clock and audit entries — and a bad batch writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { addCalendarDays, todayInSaoPaulo } from '@veritas/common';
import { insertAudited, withAuditsAtEnd } from '../../backend/src/auditoria/bulk-insert';
import { CalendarioService } from '../../backend/src/calendario/calendario.service';
import { RegistroHistorico } from '../../backend/src/registros/entities/registro-historico.entity';
import { Registro } from '../../backend/src/registros/entities/registro.entity';
import { RegistrosLoteService } from '../../backend/src/registros/registros-lote.service';
import { TipoCliente } from '../../backend/src/tipos-cliente/entities/tipo-cliente.entity';
import { withTransaction } from '../../backend/src/platform/database/transaction';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

/** Fields that differ between any two registros (ids, numbers, times) left out, at any depth. */
const VARIABLE = /^(_id|id|numero|registroId|documentoId|createdAt|updatedAt|encerradoEm|etapaDesde|em|data|criadoEm|inicio|fim)$/;

function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !VARIABLE.test(k))
        .map(([k, v]) => [k, comparable(v)]),
    );
  }
  return value;
}

describe.each(databaseKinds())('registros in bulk on %s', (kind) => {
  let api: TestApi;
  let db: DataSource;
  let staff: Record<'master' | 'diretoria' | 'associado' | 'associado2' | 'financeiro' | 'suporte', any>;
  let cliente: any;
  let master: any;

  beforeAll(async () => {
    api = await TestApi.start(kind);
    staff = await api.withEveryRole();
    cliente = await api.withCliente('cliente', { razaoSocial: 'Lote Comércio Ltda', estado: 'RJ' });
    db = api.app.get(DataSource);
    master = { role: 'user', id: staff.master._id, email: staff.master.email, userType: 'master', permissions: [] };
  });
  afterAll(() => api.stop());

  const bulk = () => api.app.get(RegistrosLoteService);
  const detalhe = async (id: string) => (await api.get(`/api/registros/${id}`, 'master')).body.data;
  /** The registro's audit entries (action and diff without ids), in a stable order. */
  async function trail(id: string): Promise<string[]> {
    const rows: { acao: string; diff: string | null }[] = await db.query('SELECT acao, diff FROM auditoria WHERE entidadeId = ? OR registroId = ?', [id, id]);
    return rows.map((r) => JSON.stringify([r.acao, comparable(r.diff ? JSON.parse(r.diff) : null)])).sort();
  }
  const count = async (table: string) => Number((await db.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);

  it.each([
    ['abertura-empresas', []],
    ['alteracoes-contratuais', [{ status: 'andamento' }, { status: 'pendente', nota: 'Falta o contrato assinado.' }]],
    ['certidao-simplificada', [{ status: 'andamento' }, { status: 'concluido' }]],
    ['baixa-empresas', [{ status: 'recusado', nota: 'Documentação incompleta.' }]],
  ] as const)('opens %s and moves it %j as one request at a time does', async (servico, passos) => {
    const one = await api.post('/api/registros', { clienteId: cliente._id, servico, descricao: 'Pedido do cliente' }, 'master');
    expect(one.status).toBe(201);
    for (const p of passos) {
      expect((await api.put(`/api/registros/${one.body.data._id}/status`, { status: p.status, ...('nota' in p ? { note: p.nota } : {}) }, 'master')).status).toBe(200);
    }
    const [lote] = await bulk().createRegistrosEmLote(master, [{ clienteId: cliente._id, servico, descricao: 'Pedido do cliente', passos }]);

    const a = await detalhe(one.body.data._id);
    const b = await detalhe(lote.id);
    expect(b.etapas.length).toBeGreaterThan(0);
    expect(b.juntaUf).toBe('RJ');
    expect(comparable(b)).toEqual(comparable(a));
    expect(Boolean(b.encerradoEm)).toBe(Boolean(a.encerradoEm));
    expect(b.numero).not.toBe(a.numero);
    expect(await trail(lote.id)).toEqual(await trail(one.body.data._id));
    expect((await api.get('/api/auditoria/verificar', 'master')).body.data.ok).toBe(true);
  });

  it('gives a registro its responsável at opening as createRegistro does', async () => {
    const item = { clienteId: cliente._id, servico: 'certidao-simplificada', descricao: 'Com responsável', responsavelId: staff.associado._id };
    const one = await api.post('/api/registros', item, 'master');
    expect(one.status).toBe(201);
    const [lote] = await bulk().createRegistrosEmLote(master, [item]);
    expect(lote.responsavelId).toBe(staff.associado._id);
    const b = await detalhe(lote.id);
    expect(b.responsavelNome).toBe(staff.associado.nomeCompleto);
    expect(comparable(b)).toEqual(comparable(await detalhe(one.body.data._id)));
    expect(await trail(lote.id)).toEqual(await trail(one.body.data._id));
    // Indexed as any assigned registro: the associado's own list has it.
    const seus = await api.get(`/api/registros?filter=${encodeURIComponent(JSON.stringify({ responsavelId: 'me' }))}&range=[0,99]`, 'associado');
    expect(seus.body.data.map((r: any) => r._id)).toContain(lote.id);
  });

  it.each([
    ['certidao-simplificada', [{ status: 'andamento' }, { status: 'concluido' }], 2],
    ['alteracoes-contratuais', [{ status: 'andamento' }], 1],
    ['alteracoes-contratuais', [{ status: 'andamento' }, { status: 'cancelado' }], 0],
  ] as const)('moves the stages of %s (%j, %i concluded) as moveEtapa does', async (servico, passos, concluidas) => {
    const one = await api.post('/api/registros', { clienteId: cliente._id, servico, descricao: 'Pelas etapas' }, 'master');
    expect(one.status).toBe(201);
    const id = one.body.data._id;
    const mover = async (ordem: number, status: string) => {
      const etapa = (await detalhe(id)).etapas.find((e: any) => e.ordem === ordem);
      expect((await api.put(`/api/registros/${id}/etapas/${etapa._id}`, { status }, 'master')).status).toBe(200);
    };
    const n = (await detalhe(id)).etapas.length;
    for (let i = 1; i <= concluidas; i++) {
      await mover(i, 'andamento');
      await mover(i, 'concluida');
    }
    if (concluidas < n) await mover(concluidas + 1, 'andamento');
    // Ended otherwise than by its stages: as changeStatus ends it.
    const fim = passos.at(-1)!.status;
    if (fim !== 'andamento' && (await detalhe(id)).status !== fim) expect((await api.put(`/api/registros/${id}/status`, { status: fim }, 'master')).status).toBe(200);

    const [lote] = await bulk().createRegistrosEmLote(master, [{ clienteId: cliente._id, servico, descricao: 'Pelas etapas', passos, etapasConcluidas: concluidas }]);
    const a = await detalhe(id);
    const b = await detalhe(lote.id);
    expect(b.status).toBe(fim);
    expect(b.etapaAtual).toBe(concluidas < n ? b.etapas[concluidas].nome : null);
    expect(b.etapas.map((e: any) => e.status)).toEqual(a.etapas.map((e: any) => e.status));
    expect(comparable(b)).toEqual(comparable(a));
    expect(await trail(lote.id)).toEqual(await trail(id));
    expect((await api.get('/api/auditoria/verificar', 'master')).body.data.ok).toBe(true);
  });

  it('spreads the stages over the time in progress, on the dates the steps give', async () => {
    const now = Date.now();
    const dia = 86_400_000;
    const abertoEm = new Date(now - 40 * dia);
    const [r] = await bulk().createRegistrosEmLote(master, [
      {
        clienteId: cliente._id,
        servico: 'abertura-empresas',
        descricao: 'Em andamento há semanas',
        abertoEm,
        passos: [{ status: 'andamento', em: new Date(now - 39 * dia) }],
        etapasConcluidas: 3,
      },
    ]);
    const etapas = (await detalhe(r.id)).etapas;
    expect(etapas.map((e: any) => e.status)).toEqual(['concluida', 'concluida', 'concluida', 'andamento', 'pendente', 'pendente', 'pendente']);
    const t = (iso: string | null) => (iso ? Date.parse(iso) : null);
    // Each stage starts when the one before concluded; none before the first step nor after now.
    expect(Math.abs(t(etapas[0].inicio)! - (now - 39 * dia))).toBeLessThan(1000);
    for (let i = 1; i <= 3; i++) expect(t(etapas[i].inicio)).toBe(t(etapas[i - 1].fim));
    for (const e of etapas.slice(0, 4)) expect(t(e.inicio)!).toBeLessThanOrEqual(Date.now());
    const row = await db.getRepository(Registro).findOneByOrFail({ id: r.id });
    expect(row.etapaAtual).toBe(etapas[3].nome);
    expect(Math.floor(row.etapaDesde!.getTime() / 1000)).toBe(Math.floor(t(etapas[2].fim)! / 1000));
    // The history: the stage that starts the work just before that step, each move at its time.
    const linhas = await db.getRepository(RegistroHistorico).find({ where: { registroId: r.id }, order: { ordem: 'ASC' } });
    expect(linhas.map((h) => [h.evento, h.para])).toEqual([
      ['criacao', 'pendente'],
      ['etapa', 'andamento'],
      ['status', 'andamento'],
      ...[1, 2, 3].flatMap(() => [['etapa', 'concluida'], ['etapa', 'andamento']]),
    ]);
    for (let i = 1; i < linhas.length; i++) expect(linhas[i].createdAt.getTime()).toBeGreaterThanOrEqual(linhas[i - 1].createdAt.getTime());
  });

  it("prices a registro from the client's type, as the single path does, and the catalogue for a client without one", async () => {
    const tipo = await api.post('/api/tipos-cliente', { nome: 'Tipo Lote', servicos: [{ nome: 'Abertura de Empresa', valor: 1500 }, { nome: 'Consultoria societária', valor: 300 }] }, 'diretoria');
    expect(tipo.status).toBe(201);
    const tipado = await api.withCliente('tipado', { razaoSocial: 'Tipada Indústria Ltda', estado: 'MG' });
    expect((await api.put(`/api/clientes/${tipado._id}`, { tipoClienteId: tipo.body.data._id }, 'master')).status).toBe(200);
    for (const [clienteId, servico] of [
      [tipado._id, 'abertura-empresas'],
      [tipado._id, 'certidao-simplificada'],
      [cliente._id, 'abertura-empresas'],
    ]) {
      const one = await api.post('/api/registros', { clienteId, servico, descricao: 'Preço' }, 'master');
      expect(one.status).toBe(201);
      const [lote] = await bulk().createRegistrosEmLote(master, [{ clienteId, servico, descricao: 'Preço' }]);
      expect(comparable(await detalhe(lote.id))).toEqual(comparable(await detalhe(one.body.data._id)));
    }
    const [caro] = await bulk().createRegistrosEmLote(master, [{ clienteId: tipado._id, servico: 'abertura-empresas', descricao: 'Preço' }]);
    expect(caro.valor).toBe(1500);
    expect(caro.juntaUf).toBe('MG');
    // The type's own service, by its code, as the portal lists it.
    const servicos = (await api.get(`/api/registros/servicos?clienteId=${tipado._id}`, 'master')).body.data as { codigo: string; nome: string }[];
    const propio = servicos.find((x) => x.nome === 'Consultoria societária');
    expect(propio?.codigo).toMatch(/^tc:/);
    const [r] = await bulk().createRegistrosEmLote(master, [{ clienteId: tipado._id, servico: propio!.codigo, descricao: 'Própria' }]);
    expect(r).toMatchObject({ servico: null, tipo: 'Consultoria societária', valor: 300 });
  });

  it('numbers a batch consecutively after the last protocol and keeps the audit chain whole', async () => {
    const before = await api.post('/api/registros', { clienteId: cliente._id, servico: 'certidao-simplificada', descricao: 'Antes' }, 'master');
    const itens = Array.from({ length: 700 }, (_, i) => ({ clienteId: cliente._id, servico: 'certidao-simplificada', descricao: `Lote ${i}`, passos: i % 2 ? [{ status: 'andamento' as const }] : [] }));
    const criados = await bulk().createRegistrosEmLote(master, itens);
    const n = (numero: string) => Number(numero.split('-')[1]);
    expect(criados.map((r) => n(r.numero))).toEqual(itens.map((_, i) => n(before.body.data.numero) + 1 + i));
    const after = await api.post('/api/registros', { clienteId: cliente._id, servico: 'certidao-simplificada', descricao: 'Depois' }, 'master');
    expect(n(after.body.data.numero)).toBe(n(before.body.data.numero) + 701);
    const andamento = await db.query("SELECT COUNT(*) AS n FROM registros WHERE descricao LIKE 'Lote %' AND status = 'andamento'");
    expect(Number(andamento[0].n)).toBe(350);
    expect((await api.get('/api/auditoria/verificar', 'master')).body.data.ok).toBe(true);
  });

  it('takes batches at once (the seeder keeps two in flight): numbers in the order of the calls, the audit chain whole, a refused one in between no hindrance', async () => {
    const before = await api.post('/api/registros', { clienteId: cliente._id, servico: 'certidao-simplificada', descricao: 'Antes dos três' }, 'master');
    const n = (numero: string) => Number(numero.split('-')[1]);
    const lote = (k: number) =>
      Array.from({ length: 300 }, (_, i) => ({ clienteId: cliente._id, servico: 'abertura-empresas', descricao: `Simultâneo ${k}.${i}`, passos: i % 3 ? [{ status: 'andamento' as const }] : [] }));
    const auditoriaAntes = await count('auditoria');
    const calls = [
      bulk().createRegistrosEmLote(master, lote(0)),
      bulk().createRegistrosEmLote(master, [{ clienteId: '00000000-0000-4000-8000-000000000000', servico: 'certidao-simplificada', descricao: 'Recusado' }]),
      bulk().createRegistrosEmLote(master, lote(1)),
      bulk().createRegistrosEmLote(master, lote(2)),
    ];
    const [a, recusado, b, c] = await Promise.allSettled(calls);
    expect(recusado).toMatchObject({ status: 'rejected', reason: { status: 404 } });
    const numeros = [a, b, c].flatMap((r) => (r.status === 'fulfilled' ? r.value.map((x) => n(x.numero)) : []));
    expect(numeros).toEqual(Array.from({ length: 900 }, (_, i) => n(before.body.data.numero) + 1 + i));
    // Every row's audit entries, each batch's together (appended as its transaction ended), the chain whole.
    expect(await count('auditoria')).toBeGreaterThan(auditoriaAntes + 900 * 4);
    const ordem: { descricao: string }[] = await db.query(
      "SELECT r.descricao FROM auditoria a JOIN registros r ON r.id = a.entidadeId WHERE a.acao = 'registro.create' AND r.descricao LIKE 'Simultâneo %' ORDER BY a.seq",
    );
    const lotes = ordem.map((o) => o.descricao.split('.')[0]);
    expect(lotes.length).toBe(900);
    for (let i = 1; i < lotes.length; i++) if (lotes[i] !== lotes[i - 1]) expect(lotes.slice(i).includes(lotes[i - 1])).toBe(false);
    expect((await api.get('/api/auditoria/verificar', 'master')).body.data.ok).toBe(true);
  });

  it('appends a bulk transaction\'s audit entries as it ends (withAuditsAtEnd), in the order made, and none when it fails', async () => {
    const tipos = (prefixo: string, k: number) =>
      Array.from({ length: k }, (_, i) => db.manager.create(TipoCliente, { id: randomUUID(), nome: `${prefixo} ${i}`, ativo: true, busca: `${prefixo.toLowerCase()} ${i}` }));
    const antes = await count('auditoria');
    let dentro = -1;
    await withTransaction(db, (m) =>
      withAuditsAtEnd(m, async () => {
        await insertAudited(m, TipoCliente, tipos('Adiado', 3));
        await insertAudited(m, TipoCliente, tipos('Depois', 2));
        dentro = Number((await m.query('SELECT COUNT(*) AS n FROM auditoria'))[0].n);
      }),
    );
    expect(dentro).toBe(antes);
    const escritos: { diff: string }[] = await db.query("SELECT diff FROM auditoria WHERE entidade = 'tipos_cliente' ORDER BY seq DESC LIMIT 5");
    expect(escritos.reverse().map((e) => JSON.parse(e.diff).nome[1])).toEqual(['Adiado 0', 'Adiado 1', 'Adiado 2', 'Depois 0', 'Depois 1']);
    await expect(
      withTransaction(db, (m) =>
        withAuditsAtEnd(m, async () => {
          await insertAudited(m, TipoCliente, tipos('Desfeito', 2));
          throw new Error('falhou');
        }),
      ),
    ).rejects.toThrow('falhou');
    expect(await count('auditoria')).toBe(antes + 5);
    expect(await count("tipos_cliente WHERE nome LIKE 'Desfeito%'")).toBe(0);
    expect((await api.get('/api/auditoria/verificar', 'master')).body.data.ok).toBe(true);
  });

  it('opens registros in the past (abertoEm): numbers of that year in opening order, the deadline from that day, dated steps', async () => {
    const calendario = api.app.get(CalendarioService);
    const now = Date.now();
    const ano = new Date().getUTCFullYear();
    // Given newest first: numbered by opening time, not by position in the batch.
    const datas = [new Date(now - 10 * 86_400_000), new Date(Date.UTC(ano - 1, 5, 10, 15)), new Date(Date.UTC(ano - 1, 2, 3, 15))];
    const itens = datas.map((abertoEm, i) => ({
      clienteId: cliente._id,
      servico: 'alteracoes-contratuais',
      descricao: `Histórico ${i}`,
      passos: [{ status: 'andamento' as const }, { status: 'concluido' as const }],
      abertoEm,
    }));
    const ultimoAntes = await db.query('SELECT ultimo FROM registro_sequencias WHERE ano = ?', [ano - 1]);
    const criados = await bulk().createRegistrosEmLote(master, itens);
    expect(criados.map((r) => r.descricao)).toEqual(['Histórico 2', 'Histórico 1', 'Histórico 0']);
    const n = (numero: string) => Number(numero.split('-')[1]);
    expect(criados.map((r) => r.numero.slice(0, 4))).toEqual([String(ano - 1), String(ano - 1), String(ano)]);
    expect(n(criados[1].numero)).toBe(n(criados[0].numero) + 1);
    expect(n(criados[0].numero)).toBe(Number(ultimoAntes[0]?.ultimo ?? 0) + 1);
    // Compared to the second: MySQL's DATETIME keeps no fraction.
    const sec = (t: number) => Math.floor(t / 1000);
    for (const r of criados) {
      const aberto = sec(itens.find((it) => it.descricao === r.descricao)!.abertoEm.getTime());
      const row = await db.getRepository(Registro).findOneByOrFail({ id: r.id });
      expect(sec(row.createdAt.getTime())).toBe(aberto);
      const linhas = await db.getRepository(RegistroHistorico).find({ where: { registroId: r.id }, order: { ordem: 'ASC' } });
      expect(linhas.map((h) => [h.para, sec(h.createdAt.getTime())])).toEqual([
        ['pendente', aberto],
        ['andamento', aberto + 3 * 86_400],
        ['concluido', aberto + 6 * 86_400],
      ]);
      expect(sec(row.encerradoEm!.getTime())).toBe(aberto + 6 * 86_400);
    }
    // Left open, its deadline counts from the day it was opened (in its Junta's calendar).
    const [aberto] = await bulk().createRegistrosEmLote(master, [{ clienteId: cliente._id, servico: 'certidao-simplificada', descricao: 'Aberto antes', abertoEm: datas[1] }]);
    expect(aberto.prazo).toBe(await calendario.addBusinessDays(todayInSaoPaulo(datas[1]), 3, 'RJ'));
    // Its charge was issued when it opened, due from that day.
    const tipo = await api.post('/api/tipos-cliente', { nome: 'Tipo Passado', servicos: [{ nome: 'Certidão Simplificada', valor: 100 }] }, 'diretoria');
    expect(tipo.status).toBe(201);
    const tipado = await api.withCliente('tipadoPassado', { razaoSocial: 'Passada Comércio Ltda', estado: 'RJ' });
    expect((await api.put(`/api/clientes/${tipado._id}`, { tipoClienteId: tipo.body.data._id }, 'master')).status).toBe(200);
    const [cobrado] = await bulk().createRegistrosEmLote(master, [{ clienteId: tipado._id, servico: 'certidao-simplificada', descricao: 'Cobrado antes', abertoEm: datas[1] }]);
    const [cobranca] = await db.query('SELECT vencimento, createdAt FROM cobrancas WHERE registroId = ?', [cobrado.id]);
    expect(cobranca.vencimento).toBe(addCalendarDays(todayInSaoPaulo(datas[1]), 7));
    expect(sec(new Date(kind === 'sqlite' ? `${String(cobranca.createdAt).replace(' ', 'T')}Z` : cobranca.createdAt).getTime())).toBe(sec(datas[1].getTime()));
    // A time in the future is now.
    const [agora] = await bulk().createRegistrosEmLote(master, [{ clienteId: cliente._id, servico: 'certidao-simplificada', descricao: 'Futuro', abertoEm: new Date(now + 86_400_000) }]);
    expect(Math.abs(agora.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await api.get('/api/auditoria/verificar', 'master')).body.data.ok).toBe(true);
  });

  it('writes nothing when one item is refused: a move the status machine forbids, an unknown client, a responsável or stages against the rules', async () => {
    const tables = ['registros', 'registro_etapas', 'registro_checklist', 'registro_historico', 'auditoria'];
    const before = await Promise.all(tables.map(count));
    const ok = { clienteId: cliente._id, servico: 'certidao-simplificada', descricao: 'Válido' };
    // A responsável who does not work registros (as createRegistro: 400); someone else, by an associado (403).
    await expect(bulk().createRegistrosEmLote(master, [ok, { ...ok, responsavelId: staff.financeiro._id }])).rejects.toMatchObject({ status: 400 });
    const associado = { role: 'user', id: staff.associado._id, email: staff.associado.email, userType: 'associado', permissions: ['Associados'] } as any;
    await expect(bulk().createRegistrosEmLote(associado, [{ ...ok, responsavelId: staff.associado2._id }])).rejects.toMatchObject({ status: 403 });
    // Stages concluded without the registro in progress, all of them without its conclusion, more than it has, a negative count.
    await expect(bulk().createRegistrosEmLote(master, [ok, { ...ok, etapasConcluidas: 1 }])).rejects.toMatchObject({ status: 409 });
    await expect(bulk().createRegistrosEmLote(master, [ok, { ...ok, passos: [{ status: 'andamento' }], etapasConcluidas: 2 }])).rejects.toMatchObject({ status: 409 });
    await expect(bulk().createRegistrosEmLote(master, [ok, { ...ok, passos: [{ status: 'andamento' }, { status: 'concluido' }], etapasConcluidas: 3 }])).rejects.toMatchObject({ status: 409 });
    await expect(bulk().createRegistrosEmLote(master, [{ ...ok, etapasConcluidas: -1 }])).rejects.toMatchObject({ status: 400 });
    await expect(bulk().createRegistrosEmLote(master, [ok, { ...ok, passos: [{ status: 'concluido' }] }])).rejects.toMatchObject({ status: 409 });
    await expect(bulk().createRegistrosEmLote(master, [ok, { ...ok, clienteId: '00000000-0000-4000-8000-000000000000' }])).rejects.toMatchObject({ status: 404 });
    await expect(bulk().createRegistrosEmLote(master, [{ ...ok, servico: 'nao-existe' }])).rejects.toMatchObject({ status: 400 });
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });
});
