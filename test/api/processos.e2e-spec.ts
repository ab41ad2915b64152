import { DataSource } from 'typeorm';
import { addBusinessDays, todayInSaoPaulo } from '@veritas/common';
import { JuntaDays } from '../../backend/src/calendario/junta-feriados';
import { RegistroEtapa } from '../../backend/src/processos/entities/registro-etapa.entity';
import { databaseKinds } from '../support/db';
import { TestApi } from '../support/api';

/** Issue 11, the stage model: Juntas and their calendars, templates, stages and their moves, the prediction. */
describe.each(databaseKinds())('processos on %s', (kind) => {
  let api: TestApi;
  let staff: Record<'master' | 'diretoria' | 'associado', any>;
  let clienteA: any;
  let db: DataSource;
  const today = todayInSaoPaulo();
  const sp = new JuntaDays('SP', new Set());

  beforeAll(async () => {
    api = await TestApi.start(kind);
    staff = await api.withStaff();
    clienteA = await api.withCliente('clienteA', { razaoSocial: 'Padaria Pão Quente Ltda' });
    await api.withCliente('clienteB', { razaoSocial: 'Oficina Bom Motor Ltda', estado: 'RJ', cidade: 'Rio de Janeiro', cep: '20040-020' });
    db = api.app.get(DataSource);
  });
  afterAll(() => api.stop());

  async function solicitar(servico: string, as = 'clienteA') {
    const r = await api.post('/api/registros', { servico, descricao: `Pedido de ${servico}` }, as);
    expect([r.status, r.body?.message]).toEqual([201, undefined]);
    return r.body.data;
  }
  const mover = (r: any, ordem: number, body: Record<string, unknown>, as = 'master') =>
    api.put(`/api/registros/${r._id}/etapas/${r.etapas.find((e: any) => e.ordem === ordem)._id}`, body, as);
  const detalhe = async (id: string, as = 'master') => (await api.get(`/api/registros/${id}`, as)).body.data;

  describe('Juntas', () => {
    it('lists the 27 Juntas to staff and clients', async () => {
      const r = await api.get('/api/juntas', 'clienteA');
      expect(r.status).toBe(200);
      expect(r.body.data).toHaveLength(27);
      expect(r.body.data.find((j: any) => j.uf === 'SP')).toMatchObject({ sigla: 'JUCESP', capital: 'São Paulo' });
      expect(r.body.data.find((j: any) => j.uf === 'DF')).toMatchObject({ sigla: 'JUCIS-DF' });
      expect(new Set(r.body.data.map((j: any) => j.uf)).size).toBe(27);
    });

    it("gives a Junta's non-working days: national, state, capital and the firm's", async () => {
      const own = await api.post('/api/calendario/feriados', { data: '2026-12-24', nome: 'Véspera de Natal' }, 'master');
      expect(own.status).toBe(201);
      const r = await api.get('/api/juntas/rj/feriados?ano=2026', 'associado');
      expect(r.status).toBe(200);
      const byDay = Object.fromEntries(r.body.data.map((h: any) => [h.data, h]));
      expect(byDay['2026-04-23']).toMatchObject({ tipo: 'estadual' });
      expect(byDay['2026-01-20']).toMatchObject({ tipo: 'municipal' });
      expect(byDay['2026-11-20']).toMatchObject({ tipo: 'nacional' });
      expect(byDay['2026-12-24']).toMatchObject({ tipo: 'escritorio', nome: 'Véspera de Natal' });
      expect(byDay['2026-07-09']).toBeUndefined();
      const days = r.body.data.map((h: any) => h.data);
      expect(days).toEqual([...days].sort());
      await api.del(`/api/calendario/feriados/${own.body.data._id}`, 'master');
    });

    it('refuses a bad UF or year with a pt-BR 400', async () => {
      const uf = await api.get('/api/juntas/XX/feriados?ano=2026', 'clienteA');
      expect(uf.status).toBe(400);
      expect(uf.body.message).toMatch(/UF inválida/);
      for (const ano of ['abc', '1500', '20261']) {
        const r = await api.get(`/api/juntas/SP/feriados?ano=${ano}`, 'clienteA');
        expect([ano, r.status]).toEqual([ano, 400]);
        expect(r.body.message).toBe('Parâmetro ano inválido: informe um ano entre 2000 e 2100 (por exemplo 2026).');
      }
    });
  });

  describe('stage templates', () => {
    it('has a default template for every service of the catalogue', async () => {
      const r = await api.get('/api/processos/modelos', 'associado');
      expect(r.status).toBe(200);
      expect(r.body.data.map((m: any) => m.servico)).toEqual([
        'abertura-empresas', 'alteracoes-contratuais', 'baixa-empresas', 'certidao-simplificada', 'certidao-inteiro-teor',
        'arquivamento-balancos', 'consultoria', 'marca-patentes', 'transformacao-empresarial',
      ]);
      for (const m of r.body.data) expect(m.etapas.length).toBeGreaterThan(0);
      const abertura = (await api.get('/api/processos/modelos/abertura-empresas', 'associado')).body.data;
      expect(abertura.personalizado).toBe(false);
      expect(abertura.etapas.map((e: any) => e.nome)).toEqual([
        'Consulta de viabilidade', 'DBE / coletor nacional (REDESIM)', 'Protocolo na Junta', 'Análise e deferimento (NIRE)',
        'CNPJ', 'Inscrição estadual', 'Inscrição municipal e alvará',
      ]);
      expect(abertura.etapas[2].documentos).toEqual(['identidade-cpf-socios', 'comprovante-endereco-socios', 'iptu-ou-contrato-locacao']);
      expect((await api.get('/api/processos/modelos/nao-existe', 'associado')).status).toBe(404);
    });

    it('refuses malformed templates with 400 and broken rules with 422, changing nothing', async () => {
      const put = (body: unknown) => api.put('/api/processos/modelos/certidao-simplificada', body, 'diretoria');
      const ok = { nome: 'Pedido', responsavelTipo: 'escritorio', duracaoDiasUteis: 1 };
      const cases: [unknown, number, RegExp][] = [
        [{}, 400, /etapas/],
        [{ etapas: 'x' }, 400, /etapas/],
        [{ etapas: [] }, 422, /pelo menos uma etapa/],
        [{ etapas: [{ ...ok, nome: '' }] }, 400, /nome/],
        [{ etapas: [{ ...ok, nome: 'x'.repeat(121) }] }, 400, /1 a 120/],
        [{ etapas: [{ ...ok, responsavelTipo: 'cartorio' }] }, 400, /responsável inválido/],
        [{ etapas: [{ ...ok, duracaoDiasUteis: 1.5 }] }, 400, /inteiro de 0 a 365/],
        [{ etapas: [{ ...ok, duracaoDiasUteis: 366 }] }, 400, /inteiro de 0 a 365/],
        [{ etapas: [{ ...ok, documentos: [1] }] }, 400, /chave/],
        [{ etapas: [{ ...ok, extra: 1 }] }, 400, /não permitido/],
        [{ etapas: [ok, { ...ok, nome: ' pedido ' }] }, 422, /já existe uma etapa/],
      ];
      for (const [body, status, msg] of cases) {
        const r = await put(body);
        expect([JSON.stringify(body).slice(0, 60), r.status]).toEqual([JSON.stringify(body).slice(0, 60), status]);
        expect(r.body.message).toMatch(msg);
      }
      expect((await api.get('/api/processos/modelos/certidao-simplificada', 'master')).body.data.personalizado).toBe(false);
      expect((await api.put('/api/processos/modelos/nao-existe', { etapas: [ok] }, 'master')).status).toBe(404);
    });

    it('a template edited by the board applies to new registros only', async () => {
      const antes = await solicitar('consultoria');
      const novo = [
        { nome: '  Reunião inicial ', responsavelTipo: 'cliente', duracaoDiasUteis: 0 },
        { nome: 'Parecer escrito', responsavelTipo: 'escritorio', duracaoDiasUteis: 4, documentos: ['contrato-social-vigente'] },
      ];
      const put = await api.put('/api/processos/modelos/consultoria', { etapas: novo }, 'diretoria');
      expect(put.status).toBe(200);
      expect(put.body.data).toMatchObject({ personalizado: true, atualizadoPor: expect.any(String) });
      expect(put.body.data.etapas[0]).toEqual({ nome: 'Reunião inicial', responsavelTipo: 'cliente', duracaoDiasUteis: 0 });
      const depois = await solicitar('consultoria');
      expect(depois.etapas.map((e: any) => [e.nome, e.responsavelTipo, e.documentos])).toEqual([
        ['Reunião inicial', 'cliente', []],
        ['Parecer escrito', 'escritorio', ['contrato-social-vigente']],
      ]);
      expect((await detalhe(antes._id)).etapas.map((e: any) => e.nome)).toEqual(['Análise', 'Parecer']);
      // Back to the defaults' shape for the tests below.
      const back = await api.put('/api/processos/modelos/consultoria', {
        etapas: [
          { nome: 'Análise', responsavelTipo: 'escritorio', duracaoDiasUteis: 5 },
          { nome: 'Parecer', responsavelTipo: 'escritorio', duracaoDiasUteis: 5 },
        ],
      }, 'master');
      expect(back.status).toBe(200);
    });
  });

  describe('a registro and its stages', () => {
    it('gets its stages from the template when created, filed at the client’s Junta', async () => {
      const r = await solicitar('abertura-empresas');
      expect(r).toMatchObject({ juntaUf: 'SP', etapaAtual: 'Consulta de viabilidade', etapaDesde: r.createdAt, status: 'pendente' });
      expect(r.etapas).toHaveLength(7);
      expect(r.etapas[0]).toEqual({
        _id: expect.any(String), nome: 'Consulta de viabilidade', ordem: 1, responsavelTipo: 'prefeitura', status: 'pendente',
        inicio: null, fim: null, prazo: null, protocolo: null, nota: null, visivelCliente: false, documentos: [],
      });
      expect(r.previsao.proximaEtapa).toEqual({ de: addBusinessDays(today, 2, sp), ate: addBusinessDays(today, 2, sp) });
      expect(r.previsao.conclusao.de).toBe(addBusinessDays(today, 15, sp));
      // Client B is in Rio: its registro goes to JUCERJA, with Rio's calendar.
      const b = await solicitar('certidao-simplificada', 'clienteB');
      expect(b.juntaUf).toBe('RJ');
      expect(b.prazo).toBe(addBusinessDays(today, 3, new JuntaDays('RJ', new Set())));
    });

    it('moves stage by stage, in order, with the registro status following and the history recording each step', async () => {
      let r = await solicitar('alteracoes-contratuais');
      // The checklist gate (h11-exig, its own suite in checklist.e2e-spec.ts): stage 3 needs its documents accepted.
      await db.query(`UPDATE registro_checklist SET status = 'aceito' WHERE registroId = '${r._id}'`);
      // Out of order, or not started.
      const fora = await mover(r, 2, { status: 'andamento' });
      expect(fora.status).toBe(409);
      expect(fora.body.message).toMatch(/fora de ordem/);
      expect((await mover(r, 1, { status: 'concluida' })).status).toBe(409);
      expect((await mover(r, 1, { status: 'pendente' })).status).toBe(409); // already there
      expect((await mover(r, 1, { status: 'pendente', nota: 'Aguardar o novo endereço.' })).status).toBe(200); // details only
      expect((await mover(r, 1, { status: 'andamento', data: '2999-01-01' })).status).toBe(422);

      // Start 1: the registro goes to andamento.
      let m = await mover(r, 1, { status: 'andamento' });
      expect(m.status).toBe(200);
      r = m.body.data;
      expect(r.status).toBe('andamento');
      expect(r.etapas[0]).toMatchObject({ status: 'andamento', prazo: addBusinessDays(today, 1, sp), fim: null });
      expect(r.etapas[0].inicio).toEqual(expect.any(String));

      // Complete 1 with a protocol number and a note for the client.
      m = await mover(r, 1, { status: 'concluida', protocolo: 'VIAB-123', nota: 'Viabilidade deferida.', visivelCliente: true });
      expect(m.status).toBe(200);
      r = m.body.data;
      expect(r.etapas[0]).toMatchObject({ status: 'concluida', protocolo: 'VIAB-123', nota: 'Viabilidade deferida.' });
      expect(r.etapaAtual).toBe('DBE de alteração (REDESIM)');
      const desde = r.etapaDesde;
      expect(Date.parse(desde)).toBeGreaterThanOrEqual(Date.parse(r.createdAt));
      expect((await mover(r, 2, { status: 'pendente', protocolo: 'DBE-1' })).body.data.etapaDesde).toBe(desde);

      // Skip 2: a reason is required; an internal one stays internal.
      const semMotivo = await mover(r, 2, { status: 'dispensada' });
      expect(semMotivo.status).toBe(422);
      expect(semMotivo.body.message).toMatch(/motivo/);
      m = await mover(r, 2, { status: 'dispensada', nota: 'DBE já feito pelo contador anterior.' });
      expect(m.status).toBe(200);
      r = m.body.data;
      // Start 3; reopening 1 is refused (2 was finished after it); reopening 2 puts 3 back to pending.
      r = (await mover(r, 3, { status: 'andamento' })).body.data;
      expect(r.etapaAtual).toBe('Protocolo na Junta');
      const reabre1 = await mover(r, 1, { status: 'andamento' });
      expect(reabre1.status).toBe(409);
      expect(reabre1.body.message).toMatch(/última etapa encerrada/);
      m = await mover(r, 2, { status: 'andamento' });
      expect(m.status).toBe(200);
      r = m.body.data;
      expect(r.etapas.map((e: any) => e.status)).toEqual(['concluida', 'andamento', 'pendente', 'pendente', 'pendente']);
      expect(r.etapas[2]).toMatchObject({ inicio: null, prazo: null });
      expect(r.etapaAtual).toBe('DBE de alteração (REDESIM)');

      // Finish everything: the registro is concluded, and then nothing moves any more.
      r = (await mover(r, 2, { status: 'concluida' })).body.data;
      for (const ordem of [3, 4]) {
        r = (await mover(r, ordem, { status: 'andamento' })).body.data;
        r = (await mover(r, ordem, { status: 'concluida' })).body.data;
      }
      m = await mover(r, 5, { status: 'dispensada', nota: 'Sem mudança de inscrições.', visivelCliente: true });
      expect(m.status).toBe(200);
      r = m.body.data;
      expect(r).toMatchObject({ status: 'concluido', etapaAtual: null, etapaDesde: null, previsao: { proximaEtapa: null, conclusao: null } });
      expect(r.encerradoEm).toEqual(expect.any(String));
      const depois = await mover(r, 5, { status: 'andamento' });
      expect(depois.status).toBe(409);
      expect(depois.body.message).toMatch(/Concluído/);

      const eventos = r.historico.map((h: any) => [h.evento, h.de, h.para]);
      expect(eventos).toEqual([
        ['criacao', null, 'pendente'],
        ['etapa', null, 'pendente'],
        ['etapa', 'pendente', 'andamento'],
        ['status', 'pendente', 'andamento'],
        ['etapa', 'andamento', 'concluida'],
        ['etapa', null, 'pendente'],
        ['etapa', 'pendente', 'dispensada'],
        ['etapa', 'pendente', 'andamento'],
        ['etapa', 'dispensada', 'andamento'],
        ['etapa', 'andamento', 'concluida'],
        ['etapa', 'pendente', 'andamento'],
        ['etapa', 'andamento', 'concluida'],
        ['etapa', 'pendente', 'andamento'],
        ['etapa', 'andamento', 'concluida'],
        ['etapa', 'pendente', 'dispensada'],
        ['status', 'andamento', 'concluido'],
      ]);
      const linha = r.historico.find((h: any) => h.para === 'concluida');
      expect(linha).toMatchObject({ paraLabel: 'Concluída', deLabel: 'Em andamento', nota: 'Consulta de viabilidade (endereço ou atividade) — Viabilidade deferida.' });

      // The client sees every stage, and only the notes meant for it.
      const doCliente = await detalhe(r._id, 'clienteA');
      expect(doCliente.etapas[0].nota).toBe('Viabilidade deferida.');
      expect(doCliente.etapas[1].nota).toBeNull();
      expect(doCliente.etapas[4].nota).toBe('Sem mudança de inscrições.');
      expect(JSON.stringify(doCliente)).not.toContain('contador anterior');
    });

    it('refuses other callers: another client (404), an associado who is not responsible (403), an unknown stage (404)', async () => {
      const r = await solicitar('certidao-simplificada');
      const b = await api.get(`/api/registros/${r._id}`, 'clienteB');
      expect(b.status).toBe(404);
      const assoc = await mover(r, 1, { status: 'andamento' }, 'associado');
      expect(assoc.status).toBe(403);
      const desconhecida = await api.put(`/api/registros/${r._id}/etapas/00000000-0000-4000-8000-000000000000`, { status: 'andamento' }, 'master');
      expect(desconhecida.status).toBe(404);
      const torta = await api.put(`/api/registros/${r._id}/etapas/nao-e-uuid`, { status: 'andamento' }, 'master');
      expect(torta.status).toBe(404);
      const invalido = await mover(r, 1, { status: 'feito' });
      expect(invalido.status).toBe(400);
      // The associado takes it, then may move it.
      expect((await api.put(`/api/registros/${r._id}/responsavel`, { responsavelId: staff.associado._id }, 'associado')).status).toBe(200);
      expect((await mover(r, 1, { status: 'andamento' }, 'associado')).status).toBe(200);
    });

    it('changes the Junta (due date recounted on its calendar) and filters the list by Junta and current stage', async () => {
      const r = await solicitar('certidao-inteiro-teor');
      const bad = await api.put(`/api/registros/${r._id}/junta`, { uf: 'XX' }, 'master');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/UF inválida/);
      const mg = await api.put(`/api/registros/${r._id}/junta`, { uf: 'mg' }, 'master');
      expect(mg.status).toBe(200);
      expect(mg.body.data).toMatchObject({ juntaUf: 'MG' });
      expect(mg.body.data.prazo).toBe(addBusinessDays(today, 5, new JuntaDays('MG', new Set())));
      expect(mg.body.data.historico.at(-1)).toMatchObject({ evento: 'junta', de: 'SP', para: 'MG', deLabel: 'JUCESP', paraLabel: 'JUCEMG' });

      const list = (filter: Record<string, unknown>) => api.get(`/api/registros?filter=${encodeURIComponent(JSON.stringify(filter))}`, 'master');
      const porJunta = await list({ junta: 'MG' });
      expect(porJunta.status).toBe(200);
      expect(porJunta.body.data.map((x: any) => x._id)).toEqual([r._id]);
      const porEtapa = await list({ etapa: 'Pedido na Junta', junta: 'MG' });
      expect(porEtapa.body.data.map((x: any) => x._id)).toEqual([r._id]);
      expect((await list({ etapa: 'Emissão da certidão', junta: 'MG' })).body.data).toEqual([]);
      const rj = await list({ junta: 'RJ' });
      expect(rj.body.data.every((x: any) => x.juntaUf === 'RJ')).toBe(true);
      expect(rj.body.data.length).toBeGreaterThan(0);
      expect((await list({ junta: 'XX' })).status).toBe(400);
    });

    it("keeps the waiting-on-client pause on the Junta's calendar", async () => {
      const rj = new JuntaDays('RJ', new Set());
      const r = await solicitar('certidao-inteiro-teor', 'clienteB');
      expect((await api.put(`/api/registros/${r._id}/status`, { status: 'andamento' }, 'master')).status).toBe(200);
      const paused = await api.put(`/api/registros/${r._id}/status`, { status: 'pendente' }, 'master');
      expect(paused.body.data).toMatchObject({ prazo: null, prazoPausado: true, diasUteisRestantes: 5 });
      // Starting a stage while it waits restarts the clock with the days that were left, on Rio's calendar.
      const started = await mover(paused.body.data, 1, { status: 'andamento' });
      expect(started.status).toBe(200);
      expect(started.body.data).toMatchObject({ status: 'andamento', prazo: addBusinessDays(today, 5, rj), prazoPausado: false });
    });

    it('lets only one of two simultaneous moves of the same stage through', async () => {
      const r = await solicitar('certidao-simplificada');
      const replies = await Promise.all([mover(r, 1, { status: 'andamento' }), mover(r, 1, { status: 'andamento' }, 'diretoria')]);
      expect(replies.map((x) => x.status).sort()).toEqual([200, 409]);
      const d = await detalhe(r._id);
      expect(d.historico.filter((h: any) => h.evento === 'etapa')).toHaveLength(1);
      expect(d.historico.filter((h: any) => h.evento === 'status')).toHaveLength(1);
    });

    it('predicts from the template, then from the median and p90 of at least 5 past cases at the same Junta', async () => {
      const r = await solicitar('consultoria');
      expect(r.previsao).toEqual({
        proximaEtapa: { de: addBusinessDays(today, 5, sp), ate: addBusinessDays(today, 5, sp) },
        conclusao: { de: addBusinessDays(today, 10, sp), ate: addBusinessDays(today, 10, sp) },
      });
      // Synthetic history: 'Análise' at JUCESP took 1, 2, 2, 3 and 7 business days (median 2, p90 7)...
      const outro = await solicitar('certidao-simplificada');
      const repo = db.getRepository(RegistroEtapa);
      const fim = new Date();
      for (const [i, dias] of [1, 2, 2, 3, 7].entries()) {
        await repo.save(repo.create({
          registroId: outro._id, ordem: 100 + i, nome: 'Análise', responsavelTipo: 'escritorio', duracaoDiasUteis: 5, documentos: [],
          status: 'concluida', inicio: fim, fim, prazo: null, protocolo: null, nota: null, visivelCliente: false, juntaUf: 'SP', diasUteis: dias,
        }));
      }
      // ...and at another Junta, which does not count.
      await repo.save(repo.create({
        registroId: outro._id, ordem: 200, nome: 'Análise', responsavelTipo: 'escritorio', duracaoDiasUteis: 5, documentos: [],
        status: 'concluida', inicio: fim, fim, prazo: null, protocolo: null, nota: null, visivelCliente: false, juntaUf: 'RJ', diasUteis: 60,
      }));
      const p = (await detalhe(r._id, 'clienteA')).previsao;
      const de = addBusinessDays(today, 2, sp);
      const ate = addBusinessDays(today, 7, sp);
      expect(p).toEqual({ proximaEtapa: { de, ate }, conclusao: { de: addBusinessDays(de, 5, sp), ate: addBusinessDays(ate, 5, sp) } });
    });

    it('e-mails the client a completed stage through the outbox', async () => {
      const r = await solicitar('certidao-simplificada');
      let d = (await mover(r, 1, { status: 'andamento' })).body.data;
      d = (await mover(d, 1, { status: 'concluida', protocolo: 'CERT-9' })).body.data;
      const rows: { summary: string }[] = await db.query('SELECT summary FROM mail_outbox');
      const all = rows.map((x) => x.summary).join('\n');
      expect(all).toContain(`Registro ${r.numero}: etapa "Pedido na Junta" concluída`);
      expect(all).toContain(`Registro ${r.numero}: Em andamento`);
      expect(clienteA.email).toEqual(expect.any(String));
    });
  });
});
