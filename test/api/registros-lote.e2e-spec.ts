/**
 * The bulk path of registros (issue 14: the demo seeder writes through it): a registro opened and
 * moved in bulk is the registro one request at a time makes — same columns, stages, checklist,
 * history, clock and audit entries — and a bad batch writes nothing.
 */
import { DataSource } from 'typeorm';
import { todayInSaoPaulo } from '@veritas/common';
import { CalendarioService } from '../../backend/src/calendario/calendario.service';
import { RegistroHistorico } from '../../backend/src/registros/entities/registro-historico.entity';
import { Registro } from '../../backend/src/registros/entities/registro.entity';
import { RegistrosService } from '../../backend/src/registros/registros.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

/** Fields that differ between any two registros (ids, numbers, times) left out, at any depth. */
const VARIABLE = /^(_id|id|numero|registroId|documentoId|createdAt|updatedAt|encerradoEm|etapaDesde|em|data|criadoEm)$/;

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
  let staff: Record<'master' | 'diretoria' | 'associado', any>;
  let cliente: any;
  let master: any;

  beforeAll(async () => {
    api = await TestApi.start(kind);
    staff = await api.withStaff();
    cliente = await api.withCliente('cliente', { razaoSocial: 'Lote Comércio Ltda', estado: 'RJ' });
    db = api.app.get(DataSource);
    master = { role: 'user', id: staff.master._id, email: staff.master.email, userType: 'master', permissions: [] };
  });
  afterAll(() => api.stop());

  const bulk = () => api.app.get(RegistrosService);
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
    // A time in the future is now.
    const [agora] = await bulk().createRegistrosEmLote(master, [{ clienteId: cliente._id, servico: 'certidao-simplificada', descricao: 'Futuro', abertoEm: new Date(now + 86_400_000) }]);
    expect(Math.abs(agora.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await api.get('/api/auditoria/verificar', 'master')).body.data.ok).toBe(true);
  });

  it('writes nothing when one item is refused: a move the status machine forbids, an unknown client', async () => {
    const tables = ['registros', 'registro_etapas', 'registro_checklist', 'registro_historico', 'auditoria'];
    const before = await Promise.all(tables.map(count));
    const ok = { clienteId: cliente._id, servico: 'certidao-simplificada', descricao: 'Válido' };
    await expect(bulk().createRegistrosEmLote(master, [ok, { ...ok, passos: [{ status: 'concluido' }] }])).rejects.toMatchObject({ status: 409 });
    await expect(bulk().createRegistrosEmLote(master, [ok, { ...ok, clienteId: '00000000-0000-4000-8000-000000000000' }])).rejects.toMatchObject({ status: 404 });
    await expect(bulk().createRegistrosEmLote(master, [{ ...ok, servico: 'nao-existe' }])).rejects.toMatchObject({ status: 400 });
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });
});
