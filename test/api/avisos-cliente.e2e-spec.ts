import { samplePdf } from '../../backend/src/documentos/sample-files';
import { MailService } from '../../backend/src/mail/mail.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink, type SunkMessage } from '../support/smtp-sink';

const SITE = 'https://www.exemplo.com.br';

/**
 * Issue 53: the notices a client waits for — welcome, request received, checklist item accepted or
 * refused, charge issued, payment received — each exactly once, in pt-BR, plain text and HTML, with
 * a link to the exact screen of the portal.
 */
describe.each(databaseKinds())('client notices on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let mail: MailService;
  let cliente: any;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_PORT: '0', SMTP_URL: sink.url, SITE_URL: SITE });
    await api.withEveryRole();
    cliente = await api.withCliente('cliente', { razaoSocial: 'Padaria <Avisos> Ltda' });
    mail = api.app.get(MailService);
  });
  afterAll(async () => {
    await api.stop();
    await sink.stop();
  });

  /** The one message of that subject to the client (fails if there are none, or more than one). */
  const only = async (subject: string): Promise<SunkMessage> => {
    await mail.flush();
    const found = await sink.waitForSubject(subject);
    await mail.flush();
    expect(sink.messages.filter((m) => m.parsed.subject === subject)).toHaveLength(1);
    expect(found.to).toEqual([cliente.email]);
    expect(found.parsed.text).toContain('Olá, Padaria <Avisos> Ltda.');
    expect(found.parsed.html).toContain('Padaria &lt;Avisos&gt; Ltda');
    return found;
  };
  const link = (m: SunkMessage, path: string) => {
    expect(m.parsed.text).toContain(`${SITE}${path}`);
    expect(m.parsed.html).toContain(`href="${SITE}${path}"`);
  };

  it('a registration is welcomed once, with what happens next and a link to the portal', async () => {
    const m = await only('Boas-vindas à Veritas Assessoria Empresarial');
    expect(m.parsed.text).toContain('Seu cadastro na Veritas Assessoria Empresarial foi concluído.');
    expect(m.parsed.text).toContain('Nova solicitação');
    link(m, '/cliente');
  });

  it('a request received tells its protocol, service and expected date, linking to the registro', async () => {
    const r = (await api.post('/api/registros', { servico: 'abertura-empresas', descricao: 'Abertura' }, 'cliente')).body.data;
    const m = await only(`Solicitação recebida: registro ${r.numero}`);
    expect(m.parsed.text).toContain(`Protocolo: ${r.numero}.`);
    expect(m.parsed.text).toContain('Serviço: Abertura de Empresa.');
    expect(m.parsed.text).toMatch(/Previsão de conclusão: até \d{2}\/\d{2}\/\d{4}/);
    link(m, `/cliente/registros/${r._id}`);
  });

  it('a checklist item refused (with its reason) and then accepted: one notice each, linking to the registro', async () => {
    const r = (await api.post('/api/registros', { servico: 'abertura-empresas', descricao: 'Checklist' }, 'cliente')).body.data;
    const [item] = (await api.get(`/api/registros/${r._id}/checklist`, 'master')).body.data;
    const enviar = async () => {
      const form = new FormData();
      form.append('arquivo', new Blob([new Uint8Array(samplePdf())]), 'documento.pdf');
      const res = await fetch(`${api.baseUrl}/api/registros/${r._id}/checklist/${item._id}/arquivo`, { method: 'POST', headers: { authorization: `Bearer ${api.token.cliente}` }, body: form });
      expect(res.status).toBe(201);
    };
    await enviar();
    expect((await api.put(`/api/registros/${r._id}/checklist/${item._id}`, { status: 'recusado', motivo: 'Ilegível <frente>.' }, 'master')).status).toBe(200);
    const refused = await only(`Registro ${r.numero}: documento recusado`);
    expect(refused.parsed.text).toContain('Motivo: Ilegível <frente>.');
    link(refused, `/cliente/registros/${r._id}`);

    await enviar();
    expect((await api.put(`/api/registros/${r._id}/checklist/${item._id}`, { status: 'aceito' }, 'master')).status).toBe(200);
    // Accepting again changes nothing and sends nothing.
    expect((await api.put(`/api/registros/${r._id}/checklist/${item._id}`, { status: 'aceito' }, 'master')).status).toBe(200);
    const accepted = await only(`Registro ${r.numero}: documento aceito`);
    expect(accepted.parsed.text).toContain(`O documento "${item.nome}" enviado para o registro ${r.numero} (Abertura de Empresa) foi conferido e aceito.`);
    link(accepted, `/cliente/registros/${r._id}`);
  });

  it('a document the firm files for the client is announced once (on a registro: linking to it; else to Documentos); the client\'s own upload is not', async () => {
    const r = (await api.post('/api/registros', { servico: 'abertura-empresas', descricao: 'Documento' }, 'cliente')).body.data;
    const upload = async (as: string, fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('arquivo', new Blob([new Uint8Array(samplePdf())]), 'contrato.pdf');
      const res = await fetch(`${api.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${api.token[as]}` }, body: form });
      expect(res.status).toBe(201);
    };
    await upload('associado', { registroId: r._id, titulo: 'Contrato social registrado' });
    const onRegistro = await only(`Registro ${r.numero}: documento disponível`);
    expect(onRegistro.parsed.text).toContain(`Disponibilizamos o documento "Contrato social registrado" no registro ${r.numero}.`);
    link(onRegistro, `/cliente/registros/${r._id}`);

    await upload('master', { clienteId: cliente._id, titulo: 'Certidão simplificada' });
    link(await only('Documento disponível: Certidão simplificada'), '/cliente/documentos');

    await upload('cliente', { titulo: 'Meu comprovante' });
    await mail.flush();
    expect(sink.messages.filter((m) => /comprovante/i.test(m.parsed.subject ?? ''))).toHaveLength(0);
  });

  it('a charge issued (amount, due date, PIX copia e cola) and a payment received, each linking to the charge', async () => {
    const c = await api.post('/api/cobrancas', { clienteId: cliente._id, vencimento: '2027-01-15', linhas: [{ descricao: 'Honorários', tipo: 'honorario', valor: 500 }] }, 'financeiro');
    expect(c.status).toBe(201);
    const id = c.body.data._id;
    const issued = await only('Nova cobrança: R$ 500,00, vencimento 15/01/2027');
    expect(issued.parsed.text).toContain('Emitimos uma cobrança de R$ 500,00 com vencimento em 15/01/2027.');
    const pix = (await api.get(`/api/cobrancas/${id}/pix`, 'cliente')).body.data.payload;
    expect(pix).toMatch(/^000201/);
    expect(issued.parsed.text).toContain(pix);
    link(issued, `/cliente/financeiro/${id}`);

    expect((await api.post(`/api/cobrancas/${id}/pagamentos`, { valor: 200, forma: 'pix' }, 'financeiro')).status).toBe(201);
    const paid = await only('Pagamento recebido: R$ 200,00');
    expect(paid.parsed.text).toContain('Ainda restam R$ 300,00 desta cobrança');
    expect(paid.parsed.text).toContain('O recibo segue em anexo');
    link(paid, `/cliente/financeiro/${id}`);
    // The receipt itself, the same file the portal gives for that payment.
    const [anexo] = paid.parsed.attachments;
    expect([paid.parsed.attachments.length, anexo.contentType]).toEqual([1, 'application/pdf']);
    expect(anexo.filename).toMatch(/^recibo-.+-1\.pdf$/);
    const pagamentos = (await api.get(`/api/cobrancas/${id}`, 'financeiro')).body.data.pagamentos;
    const portal = await fetch(`${api.baseUrl}/api/cobrancas/${id}/pagamentos/${pagamentos[0]._id}/recibo`, { headers: { authorization: `Bearer ${api.token.cliente}` } });
    expect(portal.status).toBe(200);
    expect(portal.headers.get('content-disposition')).toContain(anexo.filename);
    expect(Buffer.from(anexo.content).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("a registro's own charge, made when it opens, is announced in the same breath, once", async () => {
    const tipo = await api.post('/api/tipos-cliente', { nome: `Tipo Avisos ${kind}`, ativo: true, servicos: [{ nome: 'Abertura de Empresa', valor: 321 }] }, 'master');
    expect((await api.put(`/api/clientes/${cliente._id}`, { tipoClienteId: tipo.body.data._id }, 'master')).status).toBe(200);
    const r = (await api.post('/api/registros', { servico: 'abertura-empresas', descricao: 'Filial' }, 'cliente')).body.data;
    const list = await api.get(`/api/cobrancas?filter=${encodeURIComponent(JSON.stringify({ registroId: r._id }))}`, 'financeiro');
    expect(list.body.total).toBe(1);
    const m = await only(`Nova cobrança: R$ 321,00, vencimento ${list.body.data[0].vencimento.split('-').reverse().join('/')}`);
    link(m, `/cliente/financeiro/${list.body.data[0]._id}`);
    expect((await api.put(`/api/clientes/${cliente._id}`, { tipoClienteId: null }, 'master')).status).toBe(200);
  });

  it('every notice is listed in the Fila de saída under its event', async () => {
    const eventos = (await api.get(`/api/fila-saida?filter=${encodeURIComponent(JSON.stringify({ clienteId: cliente._id }))}&range=[0,99]`, 'master')).body.data.map((m: any) => m.evento);
    for (const e of ['cliente.boas-vindas', 'registro.recebido', 'processo.documento-recusado', 'processo.documento-aceito', 'documento.disponivel', 'cobranca.emitida', 'cobranca.pagamento']) expect(eventos).toContain(e);
  });
});
