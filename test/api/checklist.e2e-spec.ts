import * as fs from 'node:fs';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { CHECKLIST_CHAVE, SERVICOS_CATALOGO, todayInSaoPaulo } from '@veritas/common';
import { ChecklistService } from '../../backend/src/checklist/checklist.service';
import { samplePdf, samplePng } from '../../backend/src/documentos/sample-files';
import { MailService } from '../../backend/src/mail/mail.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink } from '../support/smtp-sink';

const MAX = 64 * 1024;

/**
 * Document checklists (issue 11): the board's templates per service, each registro's copy made at
 * creation, sending a file against an item under the documents' upload rules, accepting and
 * refusing (with the reason the client sees and an e-mail), sending again, the stage gate, IDOR.
 */
describe.each(databaseKinds())('checklist on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let mail: MailService;
  let clienteA: any;
  let db: DataSource;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_PORT: '0', SMTP_URL: sink.url, DOC_MAX_BYTES: String(MAX) });
    await api.withStaff();
    clienteA = await api.withCliente('clienteA', { razaoSocial: 'Padaria Pão Quente Ltda' });
    await api.withCliente('clienteB');
    mail = api.app.get(MailService);
    db = api.app.get(DataSource);
  });
  afterAll(async () => {
    await api.stop();
    await sink.stop();
  });

  const novo = async (servico = 'abertura-empresas', as = 'clienteA') => {
    const r = await api.post('/api/registros', { servico, descricao: 'Pedido' }, as);
    expect(r.status).toBe(201);
    return r.body.data;
  };
  const checklist = async (id: string, as = 'master') => (await api.get(`/api/registros/${id}/checklist`, as)).body.data;
  async function enviar(as: string, registroId: string, itemId: string, name: string, content: Buffer) {
    const form = new FormData();
    form.append('arquivo', new Blob([new Uint8Array(content)]), name);
    const res = await fetch(`${api.baseUrl}/api/registros/${registroId}/checklist/${itemId}/arquivo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token[as]}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  const avaliar = (id: string, itemId: string, body: unknown, as = 'master') => api.put(`/api/registros/${id}/checklist/${itemId}`, body, as);
  const docCount = async () => Number((await db.query('SELECT COUNT(*) AS n FROM documentos'))[0].n);

  it('seeds a template for every service of the catalogue, abertura with the documents the issue names', async () => {
    for (const s of SERVICOS_CATALOGO) {
      const m = await api.get(`/api/processos/checklists/${s.codigo}`, 'associado');
      expect(m.status).toBe(200);
      expect(m.body.data.nome).toBe(s.nome);
      expect(m.body.data.itens.length).toBeGreaterThan(0);
    }
    const abertura = (await api.get('/api/processos/checklists/abertura-empresas', 'master')).body.data.itens;
    expect(abertura.slice(0, 3)).toEqual([
      expect.objectContaining({ chave: CHECKLIST_CHAVE.identidadeSocios, nome: 'Documento de identidade e CPF de cada sócio', obrigatorio: true }),
      expect.objectContaining({ chave: CHECKLIST_CHAVE.enderecoSocios, nome: 'Comprovante de endereço dos sócios', obrigatorio: true }),
      expect.objectContaining({ chave: CHECKLIST_CHAVE.imovel, nome: 'IPTU ou contrato de locação do imóvel', obrigatorio: true }),
    ]);
    expect((await api.get('/api/processos/checklists/nao-existe', 'master')).status).toBe(404);
  });

  it('copies the template into each new registro; the board edits the template without touching existing registros', async () => {
    const antes = await novo('certidao-simplificada');
    expect((await checklist(antes._id)).map((i: any) => i.nome)).toEqual(['CNPJ ou NIRE da empresa']);

    const itens = [
      { chave: 'cartao-cnpj', nome: 'Cartão CNPJ', descricao: 'Emitido no site da Receita.', obrigatorio: true },
      { chave: 'procuracao', nome: 'Procuração', descricao: '', obrigatorio: false },
    ];
    const put = await api.put('/api/processos/checklists/certidao-simplificada', { itens }, 'diretoria');
    expect(put.status).toBe(200);
    expect(put.body.data.itens).toEqual([{ ...itens[0] }, { ...itens[1], descricao: null }]);

    const depois = await novo('certidao-simplificada');
    expect((await checklist(depois._id)).map((i: any) => [i.chave, i.ordem, i.status, i.obrigatorio])).toEqual([
      ['cartao-cnpj', 1, 'pendente', true],
      ['procuracao', 2, 'pendente', false],
    ]);
    expect((await checklist(antes._id)).map((i: any) => i.nome)).toEqual(['CNPJ ou NIRE da empresa']);

    // Bad templates: 400, and nothing changes.
    for (const body of [
      { itens: [itens[0], itens[0]] },
      { itens: [{ ...itens[0], chave: 'Com Espaço' }] },
      { itens: [{ ...itens[0], nome: '' }] },
      { itens: [{ ...itens[0], obrigatorio: 'sim' }] },
      { itens: 'x' },
    ]) {
      const bad = await api.put('/api/processos/checklists/certidao-simplificada', body, 'master');
      expect(bad.status).toBe(400);
    }
    expect((await api.get('/api/processos/checklists/certidao-simplificada', 'master')).body.data.itens).toHaveLength(2);
    expect((await api.put('/api/processos/checklists/certidao-simplificada', { itens }, 'associado')).status).toBe(403);
  });

  it('takes a file against an item (upload rules of documents), staff accept or refuse with a reason, and the client sends again', async () => {
    sink.messages.length = 0;
    const r = await novo();
    const [ident, endereco] = await checklist(r._id, 'clienteA');
    expect(ident.status).toBe('pendente');

    // The same rules as POST /api/documentos: content sniffing, size limit, empty file. Nothing stored.
    const before = await docCount();
    expect((await enviar('clienteA', r._id, ident._id, 'rg.pdf', Buffer.from('MZ not a pdf at all'))).status).toBe(415);
    expect((await enviar('clienteA', r._id, ident._id, 'rg.pdf', Buffer.alloc(MAX + 1, 1))).status).toBe(413);
    expect((await enviar('clienteA', r._id, ident._id, 'rg.pdf', Buffer.alloc(0))).status).toBe(400);
    expect(await docCount()).toBe(before);
    expect((await checklist(r._id))[0].status).toBe('pendente');

    const sent = await enviar('clienteA', r._id, ident._id, 'rg e cpf.pdf', samplePdf());
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ _id: ident._id, status: 'enviado', nomeArquivo: 'rg e cpf.pdf', motivo: null });
    const docId = sent.body.data.documentoId;
    // The file is a document of the client, linked to the registro, that staff download through the documents route.
    const doc = (await api.get(`/api/documentos/${docId}`, 'master')).body.data;
    expect(doc).toMatchObject({ clienteId: clienteA._id, registroId: r._id, registroNumero: r.numero, enviadoPor: 'cliente', tipo: 'PDF' });
    const dl = await fetch(`${api.baseUrl}/api/documentos/${docId}/download`, { headers: { authorization: `Bearer ${api.token.master}` } });
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer()).equals(samplePdf())).toBe(true);

    // Refusing needs a reason (422), which the client then sees and receives by e-mail.
    const semMotivo = await avaliar(r._id, ident._id, { status: 'recusado' });
    expect(semMotivo.status).toBe(422);
    expect(semMotivo.body.message).toContain('motivo');
    expect((await avaliar(r._id, ident._id, { status: 'recusado', motivo: '   ' })).status).toBe(422);
    expect((await checklist(r._id))[0].status).toBe('enviado');
    const recusa = await avaliar(r._id, ident._id, { status: 'recusado', motivo: 'O documento está ilegível <frente>.' });
    expect(recusa.status).toBe(200);
    expect(recusa.body.data).toMatchObject({ status: 'recusado', motivo: 'O documento está ilegível <frente>.' });
    expect((await checklist(r._id, 'clienteA'))[0]).toMatchObject({ status: 'recusado', motivo: 'O documento está ilegível <frente>.' });
    await mail.flush();
    // Other notices (the request received, issue 53) may come first: this one by its subject.
    const msg = await sink.waitForSubject(`Registro ${r.numero}: documento recusado`);
    expect(msg.to).toEqual([clienteA.email]);
    expect(msg.parsed.subject).toBe(`Registro ${r.numero}: documento recusado`);
    expect(msg.parsed.text).toContain('Motivo: O documento está ilegível <frente>.');
    expect(msg.parsed.html).toContain('&lt;frente&gt;');
    // A refused item waits for another file: judging it again is a 409.
    expect((await avaliar(r._id, ident._id, { status: 'aceito' })).status).toBe(409);

    // Sent again → enviado (the reason cleared), then accepted; an accepted item takes no new file.
    const again = await enviar('clienteA', r._id, ident._id, 'rg-nitido.png', samplePng());
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ status: 'enviado', motivo: null, nomeArquivo: 'rg-nitido.png' });
    expect(again.body.data.documentoId).not.toBe(docId);
    const ok = await avaliar(r._id, ident._id, { status: 'aceito' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'aceito', motivo: null, avaliadoPorNome: expect.any(String) });
    expect((await enviar('clienteA', r._id, ident._id, 'outro.pdf', samplePdf())).status).toBe(409);

    // Nothing to judge on an item without a file; bad status → 400.
    expect((await avaliar(r._id, endereco._id, { status: 'aceito' })).status).toBe(409);
    expect((await avaliar(r._id, endereco._id, { status: 'enviado' })).status).toBe(400);
    // Staff may send on the client's behalf.
    expect((await enviar('associado', r._id, endereco._id, 'comprovante.pdf', samplePdf())).body.data.status).toBe('enviado');
  });

  it('puts a client-deleted file\'s item back to pendente', async () => {
    const r = await novo();
    const [item] = await checklist(r._id, 'clienteA');
    const sent = await enviar('clienteA', r._id, item._id, 'rg.pdf', samplePdf());
    expect((await api.del(`/api/documentos/${sent.body.data.documentoId}`, 'clienteA')).status).toBe(200);
    expect((await checklist(r._id, 'clienteA'))[0]).toMatchObject({ status: 'pendente', documentoId: null });
    expect((await avaliar(r._id, item._id, { status: 'aceito' })).status).toBe(409);
  });

  it('lists what is missing for a stage\'s keys: required items not accepted yet', async () => {
    const r = await novo();
    const svc = api.app.get(ChecklistService);
    const keys = [CHECKLIST_CHAVE.identidadeSocios, CHECKLIST_CHAVE.enderecoSocios, 'estado-civil-socios'];
    expect(await svc.missingForKeys(r._id, keys)).toEqual(['Documento de identidade e CPF de cada sócio', 'Comprovante de endereço dos sócios']);
    const itens = await checklist(r._id);
    for (const it of itens.slice(0, 2)) {
      await enviar('clienteA', r._id, it._id, 'doc.pdf', samplePdf());
      await avaliar(r._id, it._id, { status: 'aceito' });
    }
    expect(await svc.missingForKeys(r._id, keys)).toEqual([]);
    await expect(svc.assertDocumentosAceitos(r._id, [CHECKLIST_CHAVE.imovel])).rejects.toMatchObject({
      status: 409,
      message: 'Esta etapa só pode ser concluída com os documentos aceitos. Falta: IPTU ou contrato de locação do imóvel.',
    });
  });

  it('keeps another client\'s checklist and files out of reach (404), and a closed registro\'s list fixed', async () => {
    const r = await novo();
    const [item] = await checklist(r._id);
    const sent = await enviar('clienteA', r._id, item._id, 'rg.pdf', samplePdf());
    expect((await api.get(`/api/registros/${r._id}/checklist`, 'clienteB')).status).toBe(404);
    expect((await enviar('clienteB', r._id, item._id, 'x.pdf', samplePdf())).status).toBe(404);
    expect((await api.get(`/api/documentos/${sent.body.data.documentoId}`, 'clienteB')).status).toBe(404);
    expect((await avaliar(r._id, item._id, { status: 'aceito' }, 'clienteA')).status).toBe(403);
    // An item id of another registro is not found there.
    const other = await novo();
    expect((await enviar('clienteA', other._id, item._id, 'x.pdf', samplePdf())).status).toBe(404);
    expect((await avaliar(other._id, item._id, { status: 'aceito' })).status).toBe(404);
    // A closed registro takes no file.
    await api.put(`/api/registros/${other._id}/status`, { status: 'cancelado' }, 'clienteA');
    const [oi] = await checklist(other._id);
    expect((await enviar('clienteA', other._id, oi._id, 'x.pdf', samplePdf())).status).toBe(409);
    // No temporary file is left behind by any of these.
    const tmp = path.join(api.dataDir, 'arquivos', '.tmp');
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
  });

  it('keeps a stage that needs documents from completing until every required one is accepted (409 naming them)', async () => {
    let r = (await api.get(`/api/registros/${(await novo())._id}`, 'master')).body.data;
    expect(r.checklist.map((i: any) => i.chave)).toEqual(expect.arrayContaining([CHECKLIST_CHAVE.identidadeSocios, CHECKLIST_CHAVE.imovel]));
    const etapa = (ordem: number) => r.etapas.find((e: any) => e.ordem === ordem);
    const mover = async (ordem: number, body: Record<string, unknown>) => {
      const res = await api.put(`/api/registros/${r._id}/etapas/${etapa(ordem)._id}`, body, 'master');
      if (res.status === 200) r = res.body.data;
      return res;
    };
    const protocolo = r.etapas.find((e: any) => e.documentos.length);
    expect(protocolo.documentos).toEqual([CHECKLIST_CHAVE.identidadeSocios, CHECKLIST_CHAVE.enderecoSocios, CHECKLIST_CHAVE.imovel]);
    for (let o = 1; o < protocolo.ordem; o++) {
      expect((await mover(o, { status: 'andamento' })).status).toBe(200);
      expect((await mover(o, { status: 'concluida' })).status).toBe(200);
    }
    expect((await mover(protocolo.ordem, { status: 'andamento' })).status).toBe(200);

    const itens = await checklist(r._id);
    const [ident, endereco, imovel] = protocolo.documentos.map((k: string) => itens.find((i: any) => i.chave === k));
    await enviar('clienteA', r._id, ident._id, 'rg.pdf', samplePdf());
    await avaliar(r._id, ident._id, { status: 'aceito' });
    await enviar('clienteA', r._id, endereco._id, 'conta.pdf', samplePdf());
    await avaliar(r._id, endereco._id, { status: 'recusado', motivo: 'Conta antiga.' });
    const barrada = await mover(protocolo.ordem, { status: 'concluida' });
    expect(barrada.status).toBe(409);
    expect(barrada.body.message).toBe(
      'Esta etapa só pode ser concluída com os documentos aceitos. Faltam: Comprovante de endereço dos sócios; IPTU ou contrato de locação do imóvel.',
    );
    expect(etapa(protocolo.ordem).status).toBe('andamento');

    // An optional item never holds a stage; once the required ones are accepted, the stage completes.
    await enviar('clienteA', r._id, endereco._id, 'conta-nova.pdf', samplePdf());
    await avaliar(r._id, endereco._id, { status: 'aceito' });
    await enviar('clienteA', r._id, imovel._id, 'iptu.pdf', samplePdf());
    await avaliar(r._id, imovel._id, { status: 'aceito' });
    const ok = await mover(protocolo.ordem, { status: 'concluida' });
    expect(ok.status).toBe(200);
    expect(etapa(protocolo.ordem).status).toBe('concluida');
  });

  it('lets staff attach a file a client mailed (then accept it), and waive a gated stage only with a reason, naming what is missing', async () => {
    let r = (await api.get(`/api/registros/${(await novo())._id}`, 'master')).body.data;
    const protocolo = r.etapas.find((e: any) => e.documentos.length);
    const mover = async (etapaId: string, body: Record<string, unknown>, as = 'master') => {
      const res = await api.put(`/api/registros/${r._id}/etapas/${etapaId}`, body, as);
      if (res.status === 200) r = res.body.data;
      return res;
    };
    for (const e of r.etapas.filter((x: any) => x.ordem < protocolo.ordem)) {
      expect((await mover(e._id, { status: 'andamento' })).status).toBe(200);
      expect((await mover(e._id, { status: 'concluida' })).status).toBe(200);
    }
    const itens = await checklist(r._id);
    const [ident, endereco, imovel] = protocolo.documentos.map((k: string) => itens.find((i: any) => i.chave === k));

    // The firm received the ID by e-mail: staff attach it, it stands as sent, and is accepted.
    const anexado = await enviar('diretoria', r._id, ident._id, 'rg-por-email.pdf', samplePdf());
    expect([anexado.status, anexado.body.data?.status]).toEqual([201, 'enviado']);
    expect((await avaliar(r._id, ident._id, { status: 'aceito' }, 'diretoria')).body.data.status).toBe('aceito');
    const doCliente = (await checklist(r._id, 'clienteA')).find((i: any) => i._id === ident._id);
    expect(doCliente).toMatchObject({ status: 'aceito', nomeArquivo: 'rg-por-email.pdf' });

    // A file the client sent and the team accepted is no longer "not opened by the team" (nor deletable by the client).
    const enviado = await enviar('clienteA', r._id, endereco._id, 'conta.pdf', samplePdf());
    expect(enviado.status).toBe(201);
    const docId = enviado.body.data.documentoId;
    const antes = (await api.get(`/api/documentos/${docId}`, 'clienteA')).body.data;
    expect(antes.lidoEquipeEm).toBeNull();
    await avaliar(r._id, endereco._id, { status: 'aceito' }, 'diretoria');
    expect((await api.get(`/api/documentos/${docId}`, 'clienteA')).body.data.lidoEquipeEm).toEqual(expect.any(String));
    const apagar = await api.del(`/api/documentos/${docId}`, 'clienteA');
    expect(apagar.status).toBeGreaterThanOrEqual(400);
    expect((await api.get(`/api/documentos/${docId}`, 'clienteA')).status).toBe(200);

    // Dispensar names the one still missing and needs a reason; without one nothing changes.
    const semMotivo = await mover(protocolo._id, { status: 'dispensada' });
    expect([semMotivo.status, semMotivo.body.message]).toEqual([
      422,
      `Esta etapa ainda não tem os documentos aceitos (${imovel.nome}). Informe o motivo da dispensa (nota).`,
    ]);
    expect(r.etapas.find((e: any) => e._id === protocolo._id).status).toBe('pendente');
    const auditBefore = Number((await db.query("SELECT COUNT(*) AS n FROM auditoria WHERE acao = 'registro.etapa.dispensa'"))[0].n);

    const ok = await mover(protocolo._id, { status: 'dispensada', nota: 'Cliente enviará o IPTU depois; Junta aceitou sem.' });
    expect(ok.status).toBe(200);
    const aviso = `${protocolo.nome}: dispensada sem os documentos ${imovel.nome}. Motivo: Cliente enviará o IPTU depois; Junta aceitou sem.`;
    expect(r.historico.map((h: any) => h.nota)).toContain(aviso);
    // The client's timeline does not carry the internal warning.
    const doClienteHist = (await api.get(`/api/registros/${r._id}`, 'clienteA')).body.data.historico.map((h: any) => h.nota);
    expect(doClienteHist).not.toContain(aviso);
    const rows = await db.query("SELECT registroId, diff FROM auditoria WHERE acao = 'registro.etapa.dispensa' ORDER BY seq DESC");
    expect(rows.length).toBe(auditBefore + 1);
    expect(rows[0].registroId).toBe(r._id);
    expect(String(rows[0].diff)).toContain(imovel.nome);
  });

  it('shows the checklist and the exigências in the registro\'s detail, to its client too', async () => {
    const r = await novo();
    await api.post(`/api/registros/${r._id}/exigencias`, { descricao: 'Exigência', notificadaEm: todayInSaoPaulo() }, 'master');
    const d = (await api.get(`/api/registros/${r._id}`, 'clienteA')).body.data;
    expect(d.checklist.map((i: any) => i.status)).toEqual(['pendente', 'pendente', 'pendente', 'pendente']);
    expect(d.exigencias).toEqual([expect.objectContaining({ descricao: 'Exigência', status: 'aberta' })]);
    expect(d.emExigencia).toBe(true);
  });

  it('lists what the client must do across its open registros ("Aguardando você"), and nothing of another client', async () => {
    const b0 = (await api.get('/api/registros/me/pendencias', 'clienteB')).body.data;
    const r = await novo('certidao-inteiro-teor');
    const fechado = await novo('certidao-inteiro-teor');
    await api.put(`/api/registros/${fechado._id}/status`, { status: 'cancelado' }, 'clienteA');
    const [dados, atos] = await checklist(r._id);
    await enviar('clienteA', r._id, dados._id, 'cnpj.pdf', samplePdf());
    await avaliar(r._id, dados._id, { status: 'recusado', motivo: 'Outro CNPJ.' });
    await enviar('clienteA', r._id, atos._id, 'atos.pdf', samplePdf());
    await api.post(`/api/registros/${r._id}/exigencias`, { descricao: 'Assinar o requerimento', notificadaEm: todayInSaoPaulo() }, 'master');

    const p = await api.get('/api/registros/me/pendencias', 'clienteA');
    expect(p.status).toBe(200);
    const deste = (list: any[]) => list.filter((x) => x.registroId === r._id);
    expect(deste(p.body.data.documentos)).toEqual([
      expect.objectContaining({ _id: dados._id, status: 'recusado', motivo: 'Outro CNPJ.', registroNumero: r.numero, registroTipo: 'Certidão de Inteiro Teor' }),
    ]);
    expect(deste(p.body.data.exigencias)).toEqual([expect.objectContaining({ descricao: 'Assinar o requerimento', status: 'aberta', registroNumero: r.numero })]);
    expect(p.body.data.documentos.some((x: any) => x.registroId === fechado._id)).toBe(false);
    expect((await api.get('/api/registros/me/pendencias', 'clienteB')).body.data).toEqual(b0);
    expect((await api.get('/api/registros/me/pendencias', 'master')).status).toBe(403);
  });

  it('lets a client with checklist files and exigências be deleted whole', async () => {
    const c = await api.withCliente('clienteC');
    const r = await novo('abertura-empresas', 'clienteC');
    const [item] = await checklist(r._id);
    expect((await enviar('clienteC', r._id, item._id, 'rg.pdf', samplePdf())).status).toBe(201);
    expect((await api.post(`/api/registros/${r._id}/exigencias`, { descricao: 'Exigência', notificadaEm: todayInSaoPaulo() }, 'master')).status).toBe(201);
    expect((await api.put(`/api/clientes/${c._id}`, { status: 'inativo' }, 'master')).status).toBe(200);
    const gone = await api.del(`/api/clientes/${c._id}`, 'master');
    expect(gone.status).toBe(200);
    const left = async (t: string) => Number((await db.query(`SELECT COUNT(*) AS n FROM ${t} WHERE registroId = ?`, [r._id]))[0].n);
    expect([await left('registro_checklist'), await left('registro_exigencias'), await left('documentos')]).toEqual([0, 0, 0]);
  });

  it('lets staff ask one more document of a registro, which the client then sends like any other', async () => {
    const r = await novo('certidao-simplificada');
    const before = await checklist(r._id);
    const add = await api.post(`/api/registros/${r._id}/checklist`, { nome: 'Comprovante de pagamento do DARE', descricao: 'Pedido pela Junta.' }, 'associado');
    expect(add.status).toBe(201);
    expect(add.body.data).toMatchObject({ chave: 'extra-1', ordem: before.length + 1, obrigatorio: true, status: 'pendente', descricao: 'Pedido pela Junta.' });
    const second = await api.post(`/api/registros/${r._id}/checklist`, { nome: 'Procuração', obrigatorio: false }, 'master');
    expect(second.body.data).toMatchObject({ chave: 'extra-2', ordem: before.length + 2, obrigatorio: false, descricao: null });
    // Several at once: each gets its own key and place.
    const many = await Promise.all([1, 2, 3].map((n) => api.post(`/api/registros/${r._id}/checklist`, { nome: `Documento ${n}` }, 'master')));
    expect(many.map((x) => x.status)).toEqual([201, 201, 201]);
    expect(new Set(many.map((x) => x.body.data.chave)).size).toBe(3);
    expect((await api.post(`/api/registros/${r._id}/checklist`, { nome: '  ' }, 'master')).status).toBe(400);
    expect((await api.post(`/api/registros/${r._id}/checklist`, { nome: 'x', obrigatorio: 'sim' }, 'master')).status).toBe(400);
    expect((await api.post(`/api/registros/${r._id}/checklist`, { nome: 'x' }, 'clienteA')).status).toBe(403);
    expect((await api.post(`/api/registros/${r._id}/checklist`, { nome: 'x' }, 'clienteB')).status).toBe(403);
    const sent = await enviar('clienteA', r._id, add.body.data._id, 'dare.pdf', samplePdf());
    expect(sent.body.data.status).toBe('enviado');
    const chaves = (await checklist(r._id, 'clienteA')).map((i: any) => i.chave);
    expect(chaves.slice(0, before.length + 2)).toEqual([...before.map((i: any) => i.chave), 'extra-1', 'extra-2']);
    expect(chaves.slice(before.length + 2).sort()).toEqual(['extra-3', 'extra-4', 'extra-5']);
    await api.put(`/api/registros/${r._id}/status`, { status: 'cancelado' }, 'clienteA');
    expect((await api.post(`/api/registros/${r._id}/checklist`, { nome: 'Tarde' }, 'master')).status).toBe(409);
  });
});
