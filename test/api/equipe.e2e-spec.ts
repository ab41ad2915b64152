import { DataSource } from 'typeorm';
import { addCalendarDays, businessDaysBetween, todayInSaoPaulo } from '@veritas/common';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

describe.each(databaseKinds())('equipe on %s', (kind) => {
  let api: TestApi;
  let staff: Record<string, any>;
  let cliente: any;
  let ds: DataSource;
  const today = todayInSaoPaulo();

  beforeAll(async () => {
    api = await TestApi.start(kind);
    staff = await api.withEveryRole();
    cliente = await api.withCliente('cliente');
    ds = api.app.get(DataSource);
  });
  afterAll(() => api.stop());

  const novo = async (responsavel: string, prazo?: string) => {
    const r = await api.post('/api/registros', { servico: 'consultoria', descricao: 'Planejamento', clienteId: cliente._id, responsavelId: staff[responsavel]._id }, 'diretoria');
    expect(r.status).toBe(201);
    if (prazo) await ds.query('UPDATE registros SET prazo = ? WHERE id = ?', [prazo, r.body.data._id]);
    return r.body.data;
  };
  const pessoa = async (name: string, periodo = '30d') => {
    const r = await api.get(`/api/equipe?periodo=${periodo}`, 'diretoria');
    expect(r.status).toBe(200);
    return r.body.data.pessoas.find((p: any) => p.id === staff[name]._id);
  };

  describe('the team\'s load', () => {
    it('counts open, overdue, due within 5 business days and completed per person, with the median lead time', async () => {
      await novo('associado', addCalendarDays(today, -3)); // overdue
      await novo('associado', today); // due today: within 5 business days
      await novo('associado', addCalendarDays(today, 60)); // open, far ahead
      const done = await novo('associado');
      // Requested 14 days ago, completed now.
      const created = new Date(Date.now() - 14 * 86_400_000);
      await ds.query('UPDATE registros SET createdAt = ? WHERE id = ?', [created.toISOString().slice(0, 19).replace('T', ' '), done._id]);
      expect((await api.put(`/api/registros/${done._id}/status`, { status: 'andamento' }, 'associado')).status).toBe(200);
      expect((await api.put(`/api/registros/${done._id}/status`, { status: 'concluido' }, 'associado')).status).toBe(200);

      const p = await pessoa('associado');
      expect(p).toMatchObject({
        nomeCompleto: 'Pessoa assoc.bruno',
        permissions: ['Associados'],
        userType: 'associado',
        abertos: 3,
        vencidos: 1,
        venceEm5DiasUteis: 1,
        concluidosNoPeriodo: 1,
        leadTimeMedianoDiasUteis: businessDaysBetween(todayInSaoPaulo(created), today),
        ausencia: null,
      });
      expect(p.leadTimeMedianoDiasUteis).toBeGreaterThanOrEqual(8);
      expect(await pessoa('financeiro')).toMatchObject({ abertos: 0, concluidosNoPeriodo: 0, leadTimeMedianoDiasUteis: null });
    });

    it("counts what waits on each person: the firm's own stages in progress and the open exigências", async () => {
      const r = await novo('associado2');
      await ds.query("UPDATE registro_etapas SET status = 'andamento', responsavelTipo = 'escritorio' WHERE registroId = ? AND ordem = 1", [r._id]);
      await ds.query("UPDATE registro_etapas SET status = 'andamento', responsavelTipo = 'junta' WHERE registroId = ? AND ordem = 2", [r._id]);
      const x = await api.post(`/api/registros/${r._id}/exigencias`, { descricao: 'Falta a procuração', notificadaEm: today }, 'associado2');
      expect(x.status).toBe(201);
      expect(await pessoa('associado2')).toMatchObject({ etapasAguardando: 1, exigenciasAbertas: 1 });
      expect((await api.put(`/api/registros/${r._id}/exigencias/${x.body.data._id}`, { status: 'cumprida' }, 'associado2')).status).toBe(200);
      expect(await pessoa('associado2')).toMatchObject({ etapasAguardando: 1, exigenciasAbertas: 0 });
    });

    it('refuses an unknown period in pt-BR; only the board sees the team', async () => {
      const r = await api.get('/api/equipe?periodo=semana', 'master');
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Parâmetro periodo inválido: use 7d, 30d, mes ou ano.');
      expect((await api.get('/api/equipe', 'associado')).status).toBe(403);
    });
  });

  describe('absences and bulk reassignment', () => {
    let ausencia: any;

    it('records an absence (board), refuses overlaps (409) and reversed dates (400); a person reads their own', async () => {
      const url = `/api/equipe/${staff.associado2._id}/ausencias`;
      const r = await api.post(url, { tipo: 'ferias', de: addCalendarDays(today, -2), ate: addCalendarDays(today, 10) }, 'diretoria');
      expect(r.status).toBe(201);
      ausencia = r.body.data;
      expect(ausencia).toMatchObject({ userId: staff.associado2._id, tipo: 'ferias', nota: null });

      const overlap = await api.post(url, { tipo: 'licenca', de: addCalendarDays(today, 5), ate: addCalendarDays(today, 20) }, 'master');
      expect(overlap.status).toBe(409);
      expect(overlap.body.message).toMatch(/^Já há uma ausência \(férias\) de \d\d\/\d\d\/\d{4} a \d\d\/\d\d\/\d{4} que se sobrepõe a este período\.$/);
      const reversed = await api.post(url, { tipo: 'outro', de: addCalendarDays(today, 30), ate: addCalendarDays(today, 29) }, 'master');
      expect(reversed.status).toBe(400);
      expect((await api.post(url, { tipo: 'folga', de: today, ate: today }, 'master')).status).toBe(400);

      expect((await api.get(url, 'associado2')).body.data).toEqual([ausencia]);
      const other = await api.get(url, 'associado');
      expect(other.status).toBe(403);
      expect(other.body.message).toBe('Apenas a Diretoria e o Master podem ver as ausências de outra pessoa.');
      expect((await api.post(url, { tipo: 'outro', de: addCalendarDays(today, 40), ate: addCalendarDays(today, 41) }, 'associado2')).status).toBe(403);
    });

    it('flags the absent: in the team and in the list of who is away today', async () => {
      expect((await pessoa('associado2')).ausencia).toEqual(ausencia);
      const away = await api.get('/api/equipe/ausentes', 'associado');
      expect(away.status).toBe(200);
      expect(away.body.data.map((a: any) => a.userId)).toEqual([staff.associado2._id]);
      expect((await api.get(`/api/equipe/ausentes?data=${addCalendarDays(today, 11)}`, 'associado')).body.data).toEqual([]);
    });

    it('flags, in the agenda, the deadlines that fall while their responsible is away', async () => {
      const during = await novo('associado2', addCalendarDays(today, 3));
      const after = await novo('associado2', addCalendarDays(today, 15));
      const items = (await api.get(`/api/agenda?inicio=${today}&fim=${addCalendarDays(today, 30)}`, 'associado2')).body.data;
      expect(items.find((i: any) => i.id === `prazo-registro-${during._id}`).ausente).toBe(true);
      expect(items.find((i: any) => i.id === `prazo-registro-${after._id}`).ausente).toBeUndefined();
      // The same for a stage's deadline (and an exigência's: one helper builds all three).
      await ds.query("UPDATE registro_etapas SET status = 'andamento', prazo = ? WHERE registroId = ? AND ordem = 1", [addCalendarDays(today, 4), during._id]);
      const [etapa] = await ds.query('SELECT id FROM registro_etapas WHERE registroId = ? AND ordem = 1', [during._id]);
      const again = (await api.get(`/api/agenda?inicio=${today}&fim=${addCalendarDays(today, 30)}`, 'associado2')).body.data;
      expect(again.find((i: any) => i.id === `prazo-etapa-${etapa.id}`).ausente).toBe(true);
      await ds.query('DELETE FROM registro_historico WHERE registroId IN (?, ?)', [during._id, after._id]);
      await ds.query('DELETE FROM registros WHERE id IN (?, ?)', [during._id, after._id]);
    });

    it('will not hand registros to someone away (409 in pt-BR) and moves nothing', async () => {
      const r = await api.post('/api/registros/reatribuir', { de: staff.associado._id, para: staff.associado2._id }, 'diretoria');
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/^A pessoa escolhida está ausente \(férias\)/);
      expect((await pessoa('associado')).abertos).toBe(3);
    });

    it('moves the listed registros, or all the open ones, each with a line in its history; closed ones stay', async () => {
      const open: { id: string }[] = await ds.query("SELECT id FROM registros WHERE responsavelId = ? AND status IN ('pendente', 'andamento') ORDER BY id", [staff.associado._id]);
      expect(open).toHaveLength(3);
      const one = await api.post('/api/registros/reatribuir', { de: staff.associado._id, para: staff.diretoria._id, ids: [open[0].id] }, 'master');
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual({ movidos: 1 });

      const detalhe = (await api.get(`/api/registros/${open[0].id}`, 'master')).body.data;
      expect(detalhe.responsavelId).toBe(staff.diretoria._id);
      const line = detalhe.historico[detalhe.historico.length - 1];
      expect(line).toMatchObject({ evento: 'responsavel', de: 'Pessoa assoc.bruno', para: 'Pessoa dir.ana', autorNome: expect.any(String), nota: 'Reatribuição em lote.' });

      const rest = await api.post('/api/registros/reatribuir', { de: staff.associado._id, para: staff.diretoria._id }, 'diretoria');
      expect(rest.body.data).toEqual({ movidos: 2 });
      expect(await pessoa('associado')).toMatchObject({ abertos: 0, concluidosNoPeriodo: 1 });
      expect((await pessoa('diretoria')).abertos).toBe(3);
    });

    it('refuses a receiver who does not work registros, the same person twice and bad ids (400)', async () => {
      const bad = async (body: any) => expect((await api.post('/api/registros/reatribuir', body, 'master')).status).toBe(400);
      await bad({ de: staff.diretoria._id, para: staff.financeiro._id });
      await bad({ de: staff.diretoria._id, para: staff.diretoria._id });
      await bad({ de: 'x', para: staff.associado._id });
      await bad({ de: staff.diretoria._id, para: staff.associado._id, ids: [] });
      expect((await pessoa('diretoria')).abertos).toBe(3);
    });

    it('after the absence is removed, the person may receive registros again', async () => {
      const del = await api.del(`/api/equipe/${staff.associado2._id}/ausencias/${ausencia.id}`, 'diretoria');
      expect(del.status).toBe(200);
      expect((await api.del(`/api/equipe/${staff.associado2._id}/ausencias/${ausencia.id}`, 'diretoria')).status).toBe(404);
      const r = await api.post('/api/registros/reatribuir', { de: staff.diretoria._id, para: staff.associado2._id }, 'diretoria');
      expect(r.body.data).toEqual({ movidos: 3 });
    });
  });
});
