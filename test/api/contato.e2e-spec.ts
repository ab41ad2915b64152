import { DataSource } from 'typeorm';
import { sendFailedText } from '@veritas/common';
import { ContatoMensagem } from '../../backend/src/contato/entities/contato-mensagem.entity';
import { MailService } from '../../backend/src/mail/mail.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink } from '../support/smtp-sink';

const SUCCESS = 'Mensagem enviada com sucesso! Entraremos em contato em breve.';

let seq = 0;
/** A valid contact form, different each time. */
function contato(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  seq += 1;
  return {
    nome: `Visitante ${seq}`,
    email: `visitante${seq}@exemplo.com.br`,
    telefone: '(11) 98888-7777',
    empresa: 'Padaria Pão Quente',
    assunto: 'Abertura de Empresas',
    mensagem: `Gostaria de abrir uma empresa (${seq}).`,
    aceiteTermos: true,
    website: '',
    ...overrides,
  };
}

/** The one inbox message whose subject contains `text`, with its body. */
async function inboxMessage(api: TestApi, who: string, text: string) {
  const inbox = await api.get(`/api/emails/inbox?filter=${encodeURIComponent(JSON.stringify({}))}&range=[0,199]`, who);
  const found = inbox.body.data.filter((m: any) => m.subject.includes(text));
  expect(found).toHaveLength(1);
  return (await api.get(`/api/emails/message/${found[0]._id}`, who)).body.data;
}

describe.each(databaseKinds())('contact form and /painel/mensagens on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let stored: () => Promise<number>;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_URL: sink.url, CONTACT_RATE_PER_IP: '1000' });
    await api.withStaff();
    stored = () => api.app.get(DataSource).getRepository(ContatoMensagem).count();
  });
  afterAll(async () => {
    await api?.stop();
    await sink?.stop();
  });
  beforeEach(() => {
    sink.messages.length = 0;
  });

  const flush = () => api.app.get(MailService).flush();
  const list = (as = 'master', query = '') => api.get(`/api/contato${query}`, as);
  /** The names the list shows for a filter (first 200). */
  const find = async (filter: Record<string, unknown>) =>
    (await list('master', `?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,199]`)).body.data.map((m: any) => m.nome);

  it('a visitor sends a message: stored with the moment of consent and delivered to the master mailbox', async () => {
    const before = Date.now();
    const body = contato({ nome: 'João Araújo', mensagem: 'Quero abrir uma empresa.\n<script>alert(1)</script>' });
    const r = await api.post('/api/contato', body);
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ message: SUCCESS });

    const [first] = (await list()).body.data;
    expect(first).toMatchObject({
      nome: 'João Araújo',
      email: body.email,
      telefone: '(11) 98888-7777',
      empresa: 'Padaria Pão Quente',
      assunto: 'Abertura de Empresas',
      mensagem: 'Quero abrir uma empresa.\n<script>alert(1)</script>',
      aceiteTermos: true,
      lida: false,
      tratada: false,
      tratadaPor: null,
      respondidaEm: null,
    });
    // Stored in seconds on MySQL: compare to the second.
    expect(Date.parse(first.aceiteTermosEm)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(Date.parse(first.aceiteTermosEm)).toBeLessThanOrEqual(Date.now());

    await flush();
    const mail = await inboxMessage(api, 'master', 'João Araújo');
    expect(mail.subject).toBe('Contato pelo site: Abertura de Empresas — João Araújo');
    // The inbox is ours, so the visitor is the sender: Responder in the mailbox reaches them.
    expect(mail.from).toBe(body.email);
    expect(mail.fromName).toBe('João Araújo');
    expect(mail.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.body).not.toContain('<script>');
    expect(mail.body).toContain(`/painel/mensagens?id=${first._id}`);
    expect(mail.text).toMatch(/Aceitou os termos de uso e a política de privacidade em \d{2}\/\d{2}\/\d{4}/);
    // Internal delivery: nothing went to the relay.
    expect(sink.messages).toHaveLength(0);
  });

  it.each([
    ['nome empty', { nome: '  ' }, 'Nome é obrigatório'],
    ['nome missing', { nome: undefined }, 'Nome é obrigatório'],
    ['email empty', { email: '' }, 'Email é obrigatório'],
    ['email malformed', { email: 'maria@' }, 'Email inválido'],
    ['telefone empty', { telefone: '' }, 'Telefone é obrigatório'],
    ['telefone too short', { telefone: '9999-999' }, 'Telefone inválido'],
    ['assunto empty', { assunto: '' }, 'Selecione um assunto'],
    ['assunto not an option', { assunto: 'Outro assunto' }, 'Selecione um assunto'],
    ['mensagem empty', { mensagem: '   ' }, 'Mensagem é obrigatória'],
    ['terms not accepted', { aceiteTermos: false }, 'Você deve aceitar os termos'],
    ['terms as a string', { aceiteTermos: 'true' }, 'Você deve aceitar os termos'],
    ['mensagem too long', { mensagem: 'a'.repeat(5001) }, 'Mensagem deve ter no máximo 5000 caracteres'],
    ['empresa too long', { empresa: 'e'.repeat(161) }, 'Empresa deve ter no máximo 160 caracteres'],
    ['an unknown field', { cpf: '123' }, 'O campo cpf não é permitido.'],
    ['empresa not text', { empresa: 42 }, 'Empresa inválida.'],
  ])('refuses %s with a 400 in Portuguese and stores nothing', async (_name, change, message) => {
    const before = await stored();
    const r = await api.post('/api/contato', contato(change));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
    expect(await stored()).toBe(before);
  });

  it('a visitor typing one of our own addresses does not appear as that colleague; names stay on one line', async () => {
    // Issue 55: a line break in a one-line field is refused outright (it used to be folded into a space).
    const before = await stored();
    const broken = await api.post('/api/contato', contato({ nome: 'Falso\r\nBcc: x@y.com   Master' }));
    expect([broken.status, broken.body.message]).toEqual([400, 'O campo nome não pode conter caracteres de controle (quebra de linha, tabulação, NUL).']);
    expect(await stored()).toBe(before);
    await api.post('/api/contato', contato({ nome: 'Falso Bcc: x@y.com   Master', email: 'assoc.bruno@veritas.com.br', empresa: null }));
    const [kept] = (await list('master', `?filter=${encodeURIComponent(JSON.stringify({ q: 'Falso' }))}`)).body.data;
    expect(kept.nome).toBe('Falso Bcc: x@y.com Master');
    expect(kept.empresa).toBeNull();
    await flush();
    const mail = await inboxMessage(api, 'master', 'Falso Bcc');
    expect(mail.from).toBe('nao-responda@veritas.com.br');
    expect(mail.subject).toBe('Contato pelo site: Abertura de Empresas — Falso Bcc: x@y.com Master');
    expect(mail.text).toContain('assoc.bruno@veritas.com.br');
  });

  it('an empty form gets every message of the form at once', async () => {
    const r = await api.post('/api/contato', {});
    expect(r.status).toBe(400);
    // Sentence after sentence, never a list joined with ";".
    expect(r.body.message).toBe(
      'Nome é obrigatório. Email é obrigatório. Telefone é obrigatório. Selecione um assunto. Mensagem é obrigatória. Você deve aceitar os termos.',
    );
    // The same messages by field, for the form to show each beside its input.
    expect(r.body.errors).toEqual({
      nome: 'Nome é obrigatório',
      email: 'Email é obrigatório',
      telefone: 'Telefone é obrigatório',
      assunto: 'Selecione um assunto',
      mensagem: 'Mensagem é obrigatória',
      aceiteTermos: 'Você deve aceitar os termos',
    });
  });

  it('a filled honeypot gets the same answer, and nothing is stored or sent', async () => {
    const before = await stored();
    const r = await api.post('/api/contato', contato({ nome: 'Robô Honeypot', website: 'http://spam.example' }));
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ message: SUCCESS });
    expect(await stored()).toBe(before);
    await flush();
    const inbox = await api.get('/api/emails/inbox?range=[0,199]', 'master');
    expect(inbox.body.data.some((m: any) => m.subject.includes('Robô Honeypot'))).toBe(false);
  });

  it('lists unread first, newest first inside each group, with the list contract', async () => {
    const a = contato({ nome: 'Ordem A' });
    const b = contato({ nome: 'Ordem B' });
    const c = contato({ nome: 'Ordem C' });
    for (const body of [a, b, c]) {
      expect((await api.post('/api/contato', body)).status).toBe(201);
      // Distinct seconds, so "newest first" is observable on MySQL's second-precision datetimes.
      await new Promise((r) => setTimeout(r, 1100));
    }
    const ids = async () => {
      const r = await list('master', `?filter=${encodeURIComponent(JSON.stringify({ q: 'Ordem' }))}`);
      return r.body.data.map((m: any) => m.nome);
    };
    expect(await ids()).toEqual(['Ordem C', 'Ordem B', 'Ordem A']);

    // Opening C marks it read: it moves behind the unread ones.
    const all = (await list('master', `?filter=${encodeURIComponent(JSON.stringify({ q: 'Ordem' }))}`)).body.data;
    const opened = await api.get(`/api/contato/${all[0]._id}`, 'associado');
    expect(opened.status).toBe(200);
    expect(opened.body.data.lida).toBe(true);
    expect(await ids()).toEqual(['Ordem B', 'Ordem A', 'Ordem C']);

    const page = await list('master', `?filter=${encodeURIComponent(JSON.stringify({ q: 'ordem' }))}&range=[0,1]`);
    expect(page.body.total).toBe(3);
    expect(page.body.data).toHaveLength(2);
    expect(page.headers.get('content-range')).toBe('contato 0-1/3');

    const oldest = await list('master', `?filter=${encodeURIComponent(JSON.stringify({ q: 'ordem' }))}&sort=${encodeURIComponent('["createdAt","ASC"]')}`);
    expect(oldest.body.data.map((m: any) => m.nome)).toEqual(['Ordem A', 'Ordem B', 'Ordem C']);
  });

  it('filters by status and searches without accents or case', async () => {
    const body = contato({ nome: 'Conceição Müller', empresa: 'Açaí & Cia', mensagem: 'Certidão simplificada, por favor.' });
    await api.post('/api/contato', body);

    expect(await find({ q: 'conceicao' })).toEqual(['Conceição Müller']);
    expect(await find({ q: 'ACAI' })).toEqual(['Conceição Müller']);
    expect(await find({ q: 'certidao simplificada' })).toEqual(['Conceição Müller']);
    expect(await find({ q: '98888-7777' })).toEqual([]); // stored clean: digits match, masks do not
    expect(await find({ q: '988887777', status: 'nao-lidas' })).toContain('Conceição Müller');
    expect(await find({ q: '100%' })).toEqual([]);

    const [msg] = (await list('master', `?filter=${encodeURIComponent(JSON.stringify({ q: 'conceicao' }))}`)).body.data;
    await api.put(`/api/contato/${msg._id}`, { tratada: true }, 'master');
    expect(await find({ q: 'conceicao', status: 'tratadas' })).toEqual(['Conceição Müller']);
    expect(await find({ q: 'conceicao', status: 'pendentes' })).toEqual([]);
    expect(await find({ q: 'conceicao', status: 'nao-lidas' })).toEqual([]);
  });

  it('searches from the trigram index on SQLite: written with the row, kept on updates, gone with the row', async () => {
    if (kind !== 'sqlite') return; // MySQL/MariaDB: the LIKE above serves it (docs/adr/0027-search-from-an-index.md)
    const db = api.app.get(DataSource);
    const indexed = async (term: string) => (await db.query('SELECT rowid FROM contato_fts WHERE contato_fts MATCH ?', [`"${term}"`])).map((r: any) => Number(r.rowid));
    await api.post('/api/contato', contato({ nome: 'Índice Xylofone', mensagem: 'Registro de marca xylofônica.' }));
    const [{ rowid }] = await db.query("SELECT rowid FROM contato_mensagens WHERE busca LIKE '%xylofone%'");
    expect(await indexed('xylofon')).toEqual([Number(rowid)]);
    const plan = JSON.stringify(await db.query('EXPLAIN QUERY PLAN SELECT rowid FROM contato_fts WHERE contato_fts MATCH ?', ['"xylofon"']));
    expect(plan).toMatch(/VIRTUAL TABLE INDEX/);
    // The list finds it through the index, also when the term is in the middle of a word.
    expect(await find({ q: 'YLOFO' })).toEqual(['Índice Xylofone']);
    // A change of the searched text (the LGPD anonymisation rewrites it) reaches the index.
    await db.query("UPDATE contato_mensagens SET busca = 'titular anonimizado' WHERE rowid = ?", [rowid]);
    expect(await indexed('xylofon')).toEqual([]);
    expect(await find({ q: 'xylofon' })).toEqual([]);
    await db.query('DELETE FROM contato_mensagens WHERE rowid = ?', [rowid]);
    expect(await indexed('anonimizado')).not.toContain(Number(rowid));
  });

  it('searches from the suffix index on MySQL/MariaDB: written with the row, rewritten with its text, gone with the row', async () => {
    if (kind !== 'mysql') return;
    const db = api.app.get(DataSource);
    const indexed = async (piece: string) =>
      (await db.query('SELECT mensagemId AS id FROM contato_sufixos WHERE MATCH (sufixos) AGAINST (? IN BOOLEAN MODE)', [`+${piece}*`])).map((r: any) => r.id);
    await api.post('/api/contato', contato({ nome: 'Índice Quiabofone', mensagem: 'Registro de marca quiabofônica.' }));
    const [row] = await db.getRepository(ContatoMensagem).find({ where: { nome: 'Índice Quiabofone' } });
    expect(await indexed('uiabof')).toEqual([row.id]);
    const plan = await db.query("EXPLAIN SELECT mensagemId FROM contato_sufixos WHERE MATCH (sufixos) AGAINST ('+uiabof*' IN BOOLEAN MODE)");
    expect(plan[0]).toMatchObject({ type: 'fulltext' });
    // The list finds it through the index, also when the term is in the middle of a word.
    expect(await find({ q: 'IABOFO' })).toEqual(['Índice Quiabofone']);
    // A change of the searched text saved through the entity reaches the index in its transaction.
    await db.getRepository(ContatoMensagem).save({ ...row, busca: 'titular anonimizado' });
    expect(await indexed('uiabof')).toEqual([]);
    expect(await find({ q: 'uiabof' })).toEqual([]);
    await db.getRepository(ContatoMensagem).delete(row.id);
    expect(await indexed('anonimizad')).not.toContain(row.id);
  });

  it('marks handled with who and when, and back to pending', async () => {
    await api.post('/api/contato', contato({ nome: 'Tratamento' }));
    const [msg] = (await list('master', `?filter=${encodeURIComponent(JSON.stringify({ q: 'Tratamento' }))}`)).body.data;

    const done = await api.put(`/api/contato/${msg._id}`, { tratada: true }, 'associado');
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ tratada: true, lida: true, tratadaPor: 'Pessoa assoc.bruno' });
    expect(Date.parse(done.body.data.tratadaEm)).not.toBeNaN();

    const again = await api.put(`/api/contato/${msg._id}`, { tratada: true }, 'master');
    expect(again.body.data.tratadaPor).toBe('Pessoa assoc.bruno'); // the first one to handle it keeps the credit

    const reopened = await api.put(`/api/contato/${msg._id}`, { tratada: false, lida: false }, 'master');
    expect(reopened.body.data).toMatchObject({ tratada: false, lida: false, tratadaEm: null, tratadaPor: null });
  });

  it('refuses bad changes and unknown messages in Portuguese', async () => {
    await api.post('/api/contato', contato({ nome: 'Erros' }));
    const [msg] = (await list('master', `?filter=${encodeURIComponent(JSON.stringify({ q: 'Erros' }))}`)).body.data;
    expect((await api.put(`/api/contato/${msg._id}`, {}, 'master')).body.message).toBe('Informe lida e/ou tratada.');
    expect((await api.put(`/api/contato/${msg._id}`, { tratada: 'sim' }, 'master')).body.message).toBe(
      'O campo tratada deve ser verdadeiro ou falso.',
    );
    expect((await api.put(`/api/contato/${msg._id}`, { nome: 'x' }, 'master')).body.message).toBe('O campo nome não é permitido.');
    const missing = await api.get('/api/contato/00000000-0000-4000-8000-000000000000', 'master');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Mensagem não encontrada.');
    expect((await api.get('/api/contato/nao-e-um-id', 'master')).status).toBe(404);
    expect((await list('master', '?sort=["senha","ASC"]')).status).toBe(400);
    expect((await list('master', '?sort=["senha","ASC"]')).body.message).toMatch(/^Não é possível ordenar por "senha"\. Use um destes campos: /);
  });

  it('replies by e-mail from the staff member’s own address, keeps it in Enviados, and marks it handled', async () => {
    const body = contato({ nome: 'Resposta Maria', email: 'maria.resposta@exemplo.com.br', mensagem: 'Quanto custa abrir uma LTDA?' });
    await api.post('/api/contato', body);
    const [msg] = (await list('master', `?filter=${encodeURIComponent(JSON.stringify({ q: 'Resposta Maria' }))}`)).body.data;

    expect((await api.post(`/api/contato/${msg._id}/resposta`, { mensagem: '   ' }, 'master')).body.message).toBe('Escreva a resposta.');

    const r = await api.post(`/api/contato/${msg._id}/resposta`, { mensagem: 'Olá, Maria!\nO valor é R$ 1.500,00 & <b>sem</b> taxas.' }, 'master');
    expect(r.status).toBe(201);
    expect(r.body.message).toBe('Resposta enviada com sucesso!');
    expect(r.body.data).toMatchObject({ tratada: true, lida: true, respondidaPor: 'Administrador Master', tratadaPor: 'Administrador Master' });

    const [out] = await sink.waitFor(1);
    expect(out.from).toBe('master@veritas.com.br');
    expect(out.to).toEqual(['maria.resposta@exemplo.com.br']);
    expect(out.parsed.subject).toBe('Re: Abertura de Empresas');
    expect(out.parsed.text).toContain('O valor é R$ 1.500,00 & <b>sem</b> taxas.');
    expect(out.parsed.text).toContain('Quanto custa abrir uma LTDA?');

    const sent = await api.get('/api/emails/sent?range=[0,199]', 'master');
    const copy = sent.body.data.find((m: any) => m.subject === 'Re: Abertura de Empresas');
    expect(copy).toBeDefined();
    expect(copy.to).toEqual([{ name: '', address: 'maria.resposta@exemplo.com.br' }]);

    const custom = await api.post(`/api/contato/${msg._id}/resposta`, { assunto: 'Proposta de abertura', mensagem: 'Segue a proposta.' }, 'associado');
    expect(custom.status).toBe(201);
    expect(custom.body.data.respondidaPor).toBe('Pessoa assoc.bruno');
    expect(custom.body.data.tratadaPor).toBe('Administrador Master');
    const [, second] = await sink.waitFor(2);
    expect(second.parsed.subject).toBe('Proposta de abertura');
    expect(second.from).toBe('assoc.bruno@veritas.com.br');
  });
});

describe.each(databaseKinds())('contact form limits and delivery settings on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    // No relay; the inbox is a colleague's mailbox; two messages per IP per hour.
    api = await TestApi.start(kind, { CONTACT_RATE_PER_IP: '2', CONTACT_INBOX: 'assoc.bruno@veritas.com.br' });
    await api.withStaff();
  });
  afterAll(() => api?.stop());

  it('delivers to CONTACT_INBOX, then refuses a third message from the same IP with a 429', async () => {
    expect((await api.post('/api/contato', contato({ nome: 'Limite 1' }))).status).toBe(201);
    // A refused form does not count.
    expect((await api.post('/api/contato', contato({ email: 'x' }))).status).toBe(400);
    expect((await api.post('/api/contato', contato({ nome: 'Limite 2' }))).status).toBe(201);
    const third = await api.post('/api/contato', contato({ nome: 'Limite 3' }));
    expect(third.status).toBe(429);
    expect(third.body.message).toBe('Você enviou muitas mensagens em pouco tempo. Aguarde 60 minutos ou fale conosco por telefone.');
    expect((await api.get('/api/contato', 'master')).body.total).toBe(2);

    await api.app.get(MailService).flush();
    const mail = await inboxMessage(api, 'associado', 'Limite 1');
    expect(mail.subject).toContain('Limite 1');
    expect((await api.get('/api/emails/inbox', 'master')).body.data.some((m: any) => m.subject.includes('Limite'))).toBe(false);
  });

  it('without a relay a reply to an outside address fails in Portuguese and nothing changes', async () => {
    const [msg] = (await api.get('/api/contato', 'master')).body.data;
    const r = await api.post(`/api/contato/${msg._id}/resposta`, { mensagem: 'Olá!' }, 'master');
    expect(r.status).toBe(503);
    expect(r.body.message).toBe('O envio para endereços externos não está configurado; fale com o administrador.');
    expect(sendFailedText(r.body.message)).toBe('Erro ao enviar email: o envio para endereços externos não está configurado; fale com o administrador.');
    const after = (await api.get(`/api/contato/${msg._id}`, 'master')).body.data;
    expect(after.respondidaEm).toBeNull();
    expect(after.tratada).toBe(false);
    expect((await api.get('/api/emails/sent', 'master')).body.total).toBe(0);
  });
});

describe.each(databaseKinds())('contact form with an outside inbox on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_URL: sink.url, CONTACT_INBOX: 'atendimento@exemplo.com.br' });
  });
  afterAll(async () => {
    await api?.stop();
    await sink?.stop();
  });

  it('goes through the relay from the system sender (a relay refuses a forged From)', async () => {
    await api.post('/api/contato', contato({ nome: 'Caixa Externa', email: 'externo@exemplo.org' }));
    await api.app.get(MailService).flush();
    const [out] = await sink.waitFor(1);
    expect(out.to).toEqual(['atendimento@exemplo.com.br']);
    expect(out.from).toBe('nao-responda@veritas.com.br');
    expect(out.parsed.subject).toBe('Contato pelo site: Abertura de Empresas — Caixa Externa');
    expect(out.parsed.text).toContain('externo@exemplo.org');
  });
});
