import * as fs from 'node:fs';
import { DataSource } from 'typeorm';
import { addCalendarDays, todayInSaoPaulo } from '@veritas/common';
import { AgendaLembretesJob } from '../../backend/src/agenda/agenda-lembretes.job';
import { AgendaService } from '../../backend/src/agenda/agenda.service';
import { createApp } from '../../backend/src/bootstrap';
import { loadConfig } from '../../backend/src/platform/config/config';
import { MailService } from '../../backend/src/mail/mail.service';
import { MASTER_PASSWORD, TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink } from '../support/smtp-sink';

// ical.js is the independent parser: its own RRULE engine and time-zone handling, not ours.
const ICAL: any = require('ical.js');

/** 10:00 in São Paulo on Monday 1 March 2027, an hour long, weekly three times. */
const REUNIAO = {
  tipo: 'reuniao',
  titulo: 'Reunião de alinhamento',
  inicio: '2027-03-01T13:00:00.000Z',
  fim: '2027-03-01T14:00:00.000Z',
  rrule: 'FREQ=WEEKLY;COUNT=3',
  local: 'Sala 2',
  notas: 'Nota interna: cliente ligou irritado',
};

interface ParsedFeed {
  text: string;
  events: any[];
}

function parseFeed(text: string): ParsedFeed {
  const comp = new ICAL.Component(ICAL.parse(text));
  for (const tz of comp.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  return { text, events: comp.getAllSubcomponents('vevent').map((v: any) => new ICAL.Event(v)) };
}

/** Every start of an ical.js event up to `max`, as [UTC instant, São Paulo wall time "YYYY-MM-DD HH:MM"]. */
function starts(ev: any, max = 10): [string, string][] {
  const it = ev.iterator();
  const out: [string, string][] = [];
  for (let t = it.next(); t && out.length < max; t = it.next()) {
    const pad = (n: number) => String(n).padStart(2, '0');
    out.push([t.toJSDate().toISOString(), `${t.year}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}`]);
  }
  return out;
}

describe.each(databaseKinds())('agenda on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let staff: Record<string, any>;
  let cliente: any;
  let ds: DataSource;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_URL: sink.url, SITE_URL: 'https://www.exemplo.com.br' });
    staff = await api.withEveryRole();
    cliente = await api.withCliente('cliente', { razaoSocial: 'Padaria Pão Quente Ltda', telefone: '(11) 98888-7777' });
    ds = api.app.get(DataSource);
  });
  afterAll(async () => {
    await api.stop();
    await sink.stop();
  });

  const window = (inicio = '2027-03-01', fim = '2027-04-01', who = 'associado', responsavel?: string) =>
    api.get(`/api/agenda?inicio=${inicio}&fim=${fim}${responsavel ? `&responsavel=${responsavel}` : ''}`, who);

  describe('events and who sees them', () => {
    let evento: any;

    beforeAll(async () => {
      const r = await api.post('/api/agenda/eventos', { ...REUNIAO, participantes: [staff.associado2._id] }, 'associado');
      expect(r.status).toBe(201);
      evento = r.body.data;
    });

    it('expands a weekly event into its occurrences, at the same São Paulo time', async () => {
      const r = await window();
      expect(r.status).toBe(200);
      const mine = r.body.data.filter((i: any) => i.kind === 'evento' && i.evento.id === evento.id);
      expect(mine.map((i: any) => i.inicio)).toEqual(['2027-03-01T13:00:00.000Z', '2027-03-08T13:00:00.000Z', '2027-03-15T13:00:00.000Z']);
      expect(mine[0]).toMatchObject({ titulo: 'Reunião de alinhamento', allDay: false, link: `/painel/agenda?evento=${evento.id}`, fim: '2027-03-01T14:00:00.000Z' });
      expect(mine[0].evento).toMatchObject({ rrule: 'FREQ=WEEKLY;COUNT=3', participantes: [{ id: staff.associado2._id, nome: 'Pessoa assoc.carla' }], podeEditar: true });
    });

    it('lists the firm holidays as items (Carnaval 2027 and Tiradentes)', async () => {
      const r = await window('2027-02-01', '2027-05-01');
      const feriados = r.body.data.filter((i: any) => i.kind === 'feriado');
      expect(feriados.map((f: any) => f.inicio)).toEqual(expect.arrayContaining(['2027-02-08', '2027-02-09', '2027-04-21']));
      expect(feriados.find((f: any) => f.inicio === '2027-04-21')).toMatchObject({ allDay: true, fim: '2027-04-22', titulo: 'Tiradentes' });
    });

    it('a participant sees the event; someone outside it does not; the board sees everyone\'s', async () => {
      const ids = async (who: string, responsavel?: string) =>
        (await window(undefined, undefined, who, responsavel)).body.data.filter((i: any) => i.kind === 'evento').map((i: any) => i.evento.id);
      expect(await ids('associado2')).toContain(evento.id);
      expect(await ids('financeiro')).not.toContain(evento.id);
      expect(await ids('diretoria')).toContain(evento.id);
      expect(await ids('master', staff.associado2._id)).toContain(evento.id);
      expect(await ids('master', staff.financeiro._id)).not.toContain(evento.id);
    });

    it('lists the staff for the participants\' choice, to anyone on the staff', async () => {
      const r = await api.get('/api/agenda/pessoas', 'financeiro');
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual(expect.arrayContaining([{ id: staff.associado2._id, nome: 'Pessoa assoc.carla', ausente: false }]));
      expect(Object.keys(r.body.data[0]).sort()).toEqual(['ausente', 'id', 'nome']);
    });

    it('only the board may look at another person\'s agenda (403 in pt-BR)', async () => {
      const r = await window(undefined, undefined, 'associado', staff.associado2._id);
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('Apenas a Diretoria e o Master podem ver a agenda de outra pessoa.');
      expect((await window(undefined, undefined, 'associado', staff.associado._id)).status).toBe(200);
    });

    it('refuses windows over 366 days and bad dates with a pt-BR 400', async () => {
      const long = await window('2027-01-01', '2028-01-03');
      expect(long.status).toBe(400);
      expect(long.body.message).toBe('O período pode ter no máximo 366 dias.');
      expect((await window('2027-01-01', '2027-12-31')).status).toBe(200);
      expect((await api.get('/api/agenda?inicio=amanha&fim=2027-01-01', 'associado')).status).toBe(400);
      expect((await api.get('/api/agenda', 'associado')).status).toBe(400);
    });

    it('validates the body: RRULE, times, participants, the invitation without a client; nothing stored', async () => {
      const before = (await ds.query('SELECT COUNT(*) AS n FROM agenda_eventos'))[0].n;
      const bad = async (body: any, message: string | RegExp) => {
        const r = await api.post('/api/agenda/eventos', { ...REUNIAO, ...body }, 'associado');
        expect(r.status).toBe(400);
        expect(JSON.stringify(r.body.message)).toMatch(message);
      };
      await bad({ rrule: 'FREQ=SOMETIMES' }, /Recorrência inválida/);
      await bad({ rrule: 'FREQ=MINUTELY' }, /FREQ=DAILY, WEEKLY, MONTHLY ou YEARLY/);
      await bad({ fim: '2027-03-01T12:00:00.000Z' }, /O fim do evento deve ser depois do início/);
      await bad({ tipo: 'festa' }, /Tipo inválido/);
      await bad({ participantes: ['00000000-0000-4000-8000-000000000000'] }, /Participante não encontrado/);
      await bad({ convidarCliente: true }, /informe o cliente/);
      await bad({ link: 'javascript:alert(1)' }, /Link inválido/);
      expect((await ds.query('SELECT COUNT(*) AS n FROM agenda_eventos'))[0].n).toEqual(before);
    });

    it("stores a batch through the seeder's bulk path as the API stores one; a bad event refuses the whole batch", async () => {
      const agenda = api.app.get(AgendaService);
      const actor = { role: 'user' as const, id: staff.associado._id, email: staff.associado.email, userType: 'associado' as const, permissions: ['Associados'] };
      const lote = [
        { ...REUNIAO, titulo: 'Lote um', inicio: '2027-03-02T13:00:00.000Z', fim: '2027-03-02T14:00:00.000Z', participantes: [staff.associado2._id] },
        { ...REUNIAO, titulo: 'Lote dois', rrule: undefined, inicio: '2027-03-03T13:00:00.000Z', fim: '2027-03-03T14:00:00.000Z', clienteId: cliente._id },
      ];
      const auditBefore = Number((await ds.query("SELECT COUNT(*) AS n FROM auditoria WHERE acao = 'agenda.create'"))[0].n);
      expect(await agenda.createEventosEmLote(actor, lote as never)).toBe(2);
      const items = (await window('2027-03-01', '2027-03-08')).body.data as any[];
      const um = items.filter((i) => i.titulo === 'Lote um');
      expect(um.length).toBe(1); // its weekly repeats fall after the window
      expect(um[0].evento.participantes.map((p: any) => p.id)).toEqual([staff.associado2._id]);
      expect([um[0].evento.criadoPorId, um[0].evento.rrule]).toEqual([staff.associado._id, 'FREQ=WEEKLY;COUNT=3']);
      expect(items.filter((i) => i.titulo === 'Lote dois').map((i) => [i.evento.clienteId, i.clienteNome])).toEqual([[cliente._id, 'Padaria Pão Quente Ltda']]);
      expect(Number((await ds.query("SELECT COUNT(*) AS n FROM auditoria WHERE acao = 'agenda.create'"))[0].n)).toBe(auditBefore + 2);
      const before = (await ds.query('SELECT COUNT(*) AS n FROM agenda_eventos'))[0].n;
      await expect(
        agenda.createEventosEmLote(actor, [{ ...REUNIAO, titulo: 'Lote bom' }, { ...REUNIAO, participantes: ['00000000-0000-4000-8000-000000000000'] }] as never),
      ).rejects.toThrow(/Participante não encontrado/);
      expect((await ds.query('SELECT COUNT(*) AS n FROM agenda_eventos'))[0].n).toEqual(before);
    });

    it('edits and deletes: the creator or the board; a participant may not (403), an outsider does not see it (404)', async () => {
      const body = { ...REUNIAO, titulo: 'Reunião remarcada', participantes: [staff.associado2._id] };
      expect((await api.put(`/api/agenda/eventos/${evento.id}`, body, 'associado2')).status).toBe(403);
      expect((await api.put(`/api/agenda/eventos/${evento.id}`, body, 'financeiro')).status).toBe(404);
      expect((await api.get(`/api/agenda/eventos/${evento.id}`, 'associado2')).body.data).toMatchObject({ id: evento.id, podeEditar: false });
      expect((await api.get(`/api/agenda/eventos/${evento.id}`, 'associado')).body.data.podeEditar).toBe(true);
      expect((await api.get(`/api/agenda/eventos/${evento.id}`, 'financeiro')).status).toBe(404);
      const byBoard = await api.put(`/api/agenda/eventos/${evento.id}`, body, 'diretoria');
      expect(byBoard.status).toBe(200);
      expect(byBoard.body.data.titulo).toBe('Reunião remarcada');
      const own = await api.post('/api/agenda/eventos', { ...REUNIAO, rrule: null, titulo: 'Vistoria', tipo: 'vistoria' }, 'associado2');
      expect((await api.del(`/api/agenda/eventos/${own.body.data.id}`, 'associado')).status).toBe(404);
      expect((await api.del(`/api/agenda/eventos/${own.body.data.id}`, 'associado2')).status).toBe(200);
      expect((await api.del(`/api/agenda/eventos/${own.body.data.id}`, 'associado2')).status).toBe(404);
    });
  });

  describe('linking a registro (issue 55)', () => {
    it('to one the author cannot see is a 404 like an id that does not exist, revealing nothing; its own is linked', async () => {
      const novo = async (responsavelId: string) =>
        (await api.post('/api/registros', { clienteId: cliente._id, servico: 'abertura-empresas', descricao: 'Vínculo da agenda', responsavelId }, 'master')).body.data;
      const alheio = await novo(staff.diretoria._id);
      const proprio = await novo(staff.associado._id);
      const before = Number((await ds.query('SELECT COUNT(*) AS n FROM agenda_eventos'))[0].n);
      const hidden = await api.post('/api/agenda/eventos', { ...REUNIAO, registroId: alheio._id }, 'associado');
      const missing = await api.post('/api/agenda/eventos', { ...REUNIAO, registroId: '00000000-0000-4000-8000-000000000000' }, 'associado');
      expect([hidden.status, hidden.body]).toEqual([404, missing.body]);
      expect(hidden.body).toEqual({ statusCode: 404, message: 'Registro não encontrado.', error: 'Not Found' });
      expect(JSON.stringify(hidden.body)).not.toContain(alheio.numero);
      expect(Number((await ds.query('SELECT COUNT(*) AS n FROM agenda_eventos'))[0].n)).toBe(before);
      const own = await api.post('/api/agenda/eventos', { ...REUNIAO, registroId: proprio._id }, 'associado');
      expect([own.status, own.body.data.protocolo]).toEqual([201, proprio.numero]);
      // The board sees every registro and links any.
      expect((await api.post('/api/agenda/eventos', { ...REUNIAO, registroId: alheio._id }, 'diretoria')).status).toBe(201);
    });
  });

  describe('registro due dates', () => {
    it('shows an open registro\'s due date to its responsible, all day, with the client\'s name and the protocol', async () => {
      const created = await api.post(
        '/api/registros',
        { servico: 'consultoria', descricao: 'Planejamento', clienteId: cliente._id, responsavelId: staff.associado._id },
        'diretoria',
      );
      expect(created.status).toBe(201);
      const reg = created.body.data;
      const today = new Date().toISOString().slice(0, 10);
      const later = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
      const items = (await window(today, later)).body.data.filter((i: any) => i.kind === 'prazo-registro');
      // Only the associado's own registros (an earlier test gave it another), this one among them.
      expect(items.every((i: any) => i.responsavelId === staff.associado._id)).toBe(true);
      expect(items.filter((i: any) => i.id === `prazo-registro-${reg._id}`)).toEqual([
        expect.objectContaining({
          id: `prazo-registro-${reg._id}`,
          inicio: reg.prazo,
          allDay: true,
          clienteNome: 'Padaria Pão Quente Ltda',
          protocolo: reg.numero,
          link: `/painel/meu-registros/${reg._id}`,
          uid: `prazo-${reg._id}@veritas`,
        }),
      ]);
      expect((await window(today, later, 'associado2')).body.data.filter((i: any) => i.kind === 'prazo-registro')).toEqual([]);
      const board = (await window(today, later, 'master')).body.data.find((i: any) => i.id === `prazo-registro-${reg._id}`);
      expect(board.link).toBe(`/painel/registros/${reg._id}`);
    });
  });

  describe('the feed', () => {
    it('is valid iCalendar that an independent parser expands to the right dates and times, with stable UIDs', async () => {
      const ev = (await api.post('/api/agenda/eventos', { ...REUNIAO, titulo: 'Assinatura na Junta', tipo: 'assinatura', clienteId: cliente._id }, 'associado2')).body.data;
      const renew = await api.post('/api/agenda/feed/renovar', {}, 'associado2');
      expect(renew.status).toBe(201);
      const url: string = renew.body.data.url;
      expect(url).toMatch(/^https:\/\/www\.exemplo\.com\.br\/api\/agenda\/feed\/[A-Za-z0-9_-]{43}\.ics$/);

      const res = await fetch(api.baseUrl + new URL(url).pathname);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
      const feed = parseFeed(await res.text());
      expect(feed.text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
      expect(feed.text).toContain('TZID:America/Sao_Paulo');
      const vevent = feed.events.find((e) => e.uid === `evento-${ev.id}@veritas`);
      expect(vevent.summary).toBe('Assinatura na Junta');
      expect(vevent.isRecurring()).toBe(true);
      expect(feed.text).toContain('RRULE:FREQ=WEEKLY;COUNT=3');
      expect(starts(vevent)).toEqual([
        ['2027-03-01T13:00:00.000Z', '2027-03-01 10:00'],
        ['2027-03-08T13:00:00.000Z', '2027-03-08 10:00'],
        ['2027-03-15T13:00:00.000Z', '2027-03-15 10:00'],
      ]);
      expect(vevent.startDate.zone.tzid).toBe('America/Sao_Paulo');
      // The event associado2 takes part in is there too; holidays are all-day items.
      expect(feed.events.some((e) => e.summary === 'Reunião remarcada')).toBe(true);
      const natal = feed.events.find((e) => e.uid === 'feriado-2026-12-25@veritas');
      expect(natal.startDate.isDate).toBe(true);
      // The client's name only: no e-mail, no phone, no internal notes.
      expect(feed.text).toContain('Cliente: Padaria Pão Quente Ltda');
      expect(feed.text).not.toContain(cliente.email);
      expect(feed.text).not.toContain('98888');
      expect(feed.text).not.toContain('Nota interna');

      // A second read gives the same UIDs (stable).
      const again = parseFeed(await (await fetch(api.baseUrl + new URL(url).pathname)).text());
      expect(again.events.map((e) => e.uid).sort()).toEqual(feed.events.map((e) => e.uid).sort());
    });

    it('carries the due dates of the person\'s registros as all-day items with the protocol', async () => {
      const url: string = (await api.post('/api/agenda/feed/renovar', {}, 'associado')).body.data.url;
      const feed = parseFeed(await (await fetch(api.baseUrl + new URL(url).pathname)).text());
      const prazo = feed.events.find((e) => e.uid.startsWith('prazo-'));
      expect(prazo.startDate.isDate).toBe(true);
      expect(prazo.description).toMatch(/^Cliente: Padaria Pão Quente Ltda\nProtocolo: \d{4}-\d{6}$/);
    });

    it('a staff name holding CR/LF (written before issue 55) cannot inject lines into the calendar header', async () => {
      const [{ id }] = await ds.query("SELECT id FROM users WHERE username = 'fin.dora'");
      await ds.query('UPDATE users SET nomeCompleto = ? WHERE id = ?', ['Dora\r\nX-INJETADO:1;a,b\nEND:VCALENDAR', id]);
      try {
        const url: string = (await api.post('/api/agenda/feed/renovar', {}, 'financeiro')).body.data.url;
        const text = await (await fetch(api.baseUrl + new URL(url).pathname)).text();
        const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
        expect(lines.filter((l) => /^(X-INJETADO|END:VCALENDAR)/.test(l))).toEqual(['END:VCALENDAR']);
        const escaped = ' — Dora\\nX-INJETADO:1\\;a\\,b\\nEND:VCALENDAR';
        expect(lines.filter((l) => /^(NAME|X-WR-CALNAME):/.test(l) && l.endsWith(escaped))).toHaveLength(2);
        expect(parseFeed(text).events.length).toBeGreaterThan(0);
      } finally {
        await ds.query('UPDATE users SET nomeCompleto = ? WHERE id = ?', ['Pessoa fin.dora', id]);
      }
    });

    it('a renewed address replaces the old one, which answers 404; an unknown one too', async () => {
      const first: string = (await api.post('/api/agenda/feed/renovar', {}, 'financeiro')).body.data.url;
      expect((await fetch(api.baseUrl + new URL(first).pathname)).status).toBe(200);
      const second: string = (await api.post('/api/agenda/feed/renovar', {}, 'financeiro')).body.data.url;
      expect(second).not.toBe(first);
      const old = await fetch(api.baseUrl + new URL(first).pathname);
      expect(old.status).toBe(404);
      expect((await old.json()).message).toMatch(/Endereço de agenda não encontrado/);
      expect((await fetch(api.baseUrl + new URL(second).pathname)).status).toBe(200);
      expect((await fetch(`${api.baseUrl}/api/agenda/feed/${'A'.repeat(43)}.ics`)).status).toBe(404);
      // Only the hash is stored.
      const token = new URL(second).pathname.split('/').pop()!.replace('.ics', '');
      const rows = await ds.query('SELECT tokenHash FROM agenda_feeds');
      expect(JSON.stringify(rows)).not.toContain(token);
    });
  });

  describe('inviting a client', () => {
    it('e-mails the client an .ics with METHOD:REQUEST, and the portal lists the appointment', async () => {
      sink.messages.length = 0;
      const inicio = new Date(Date.now() + 3 * 86_400_000);
      inicio.setUTCSeconds(0, 0);
      const body = {
        tipo: 'assinatura',
        titulo: 'Assinatura do contrato social',
        inicio: inicio.toISOString(),
        fim: new Date(inicio.getTime() + 3_600_000).toISOString(),
        clienteId: cliente._id,
        convidarCliente: true,
        link: 'https://meet.exemplo.com.br/abc',
        notas: 'Nota interna: não contar ao cliente',
      };
      const r = await api.post('/api/agenda/eventos', body, 'associado');
      expect(r.status).toBe(201);
      await api.app.get(MailService).flush();
      // The registro's 'Solicitação recebida' went to the same address before: the invitation is the message of its subject.
      const msg = await sink.waitForSubject(/^Convite: Assinatura do contrato social — /, 10_000, cliente.email);
      expect(msg.to).toEqual([cliente.email]);
      const ics = msg.parsed.attachments.find((a) => /calendar/.test(a.contentType));
      expect(ics).toBeDefined();
      const text = ics!.content.toString('utf8');
      expect(text).toContain('METHOD:REQUEST');
      expect(text).not.toContain('Nota interna');
      const parsed = parseFeed(text);
      expect(parsed.events[0].uid).toBe(`evento-${r.body.data.id}@veritas`);
      expect(parsed.events[0].startDate.toJSDate().toISOString()).toBe(inicio.toISOString());
      expect(parsed.events[0].attendees.map((a: any) => String(a.getFirstValue()).toLowerCase())).toEqual([`mailto:${cliente.email}`.toLowerCase()]);

      const me = await api.get('/api/agenda/me', 'cliente');
      expect(me.status).toBe(200);
      expect(me.body.data).toEqual([
        { id: r.body.data.id, tipo: 'assinatura', titulo: 'Assinatura do contrato social', inicio: inicio.toISOString(), fim: body.fim, allDay: false, local: null, link: body.link },
      ]);
      expect(JSON.stringify(me.body)).not.toContain('Nota interna');
    });
  });

  describe('reminders', () => {
    it('sends one e-mail per occurrence, once, however often the job runs', async () => {
      const ev = (
        await api.post('/api/agenda/eventos', { ...REUNIAO, inicio: '2027-06-07T13:00:00.000Z', fim: '2027-06-07T14:00:00.000Z', titulo: 'Comitê', lembreteMinutos: 30, participantes: [staff.associado2._id] }, 'associado')
      ).body.data;
      const job = api.app.get(AgendaLembretesJob);
      const count = async () => Number((await ds.query('SELECT COUNT(*) AS n FROM agenda_lembretes WHERE eventoId = ?', [ev.id]))[0].n);
      expect(await job.runOnce(new Date('2027-06-07T12:00:00Z'))).toBe(0); // an hour before: not yet
      expect(await job.runOnce(new Date('2027-06-07T12:31:00Z'))).toBe(1);
      expect(await job.runOnce(new Date('2027-06-07T12:45:00Z'))).toBe(0);
      expect(await count()).toBe(1);
      // The next week's occurrence has its own reminder.
      expect(await job.runOnce(new Date('2027-06-14T12:40:00Z'))).toBe(1);
      expect(await count()).toBe(2);
      const outbox = await ds.query("SELECT summary FROM mail_outbox WHERE summary LIKE '%Lembrete: Comitê%'");
      expect(outbox).toHaveLength(2);
      expect(outbox[0].summary).toContain(staff.associado.email);
      expect(outbox[0].summary).toContain(staff.associado2.email);
    });
  });
  describe('stage deadlines and charges due', () => {
    let reg: any;
    let etapaId: string;
    let cobranca: any;

    beforeAll(async () => {
      const created = await api.post(
        '/api/registros',
        { servico: 'consultoria', descricao: 'Etapas na agenda', clienteId: cliente._id, responsavelId: staff.associado._id },
        'diretoria',
      );
      expect(created.status).toBe(201);
      reg = created.body.data;
      const etapas = await ds.query('SELECT id FROM registro_etapas WHERE registroId = ? ORDER BY ordem', [reg._id]);
      if (etapas.length) {
        etapaId = etapas[0].id;
        await ds.query("UPDATE registro_etapas SET status = 'andamento', prazo = '2027-05-12', nome = 'Análise na Junta' WHERE id = ?", [etapaId]);
      } else {
        etapaId = '11111111-1111-4111-8111-111111111111';
        await ds.query(
          "INSERT INTO registro_etapas (id, registroId, ordem, nome, responsavelTipo, duracaoDiasUteis, documentos, status, prazo, visivelCliente, juntaUf, createdAt, updatedAt) VALUES (?, ?, 1, 'Análise na Junta', 'junta', 5, '[]', 'andamento', '2027-05-12', 0, 'SP', ?, ?)",
          [etapaId, reg._id, new Date(), new Date()],
        );
      }
      // A stage not in progress is not shown, even with a prazo.
      if (etapas.length > 1) await ds.query("UPDATE registro_etapas SET status = 'pendente', prazo = '2027-05-13' WHERE id = ?", [etapas[1].id]);
      const c = await api.post(
        '/api/cobrancas',
        { clienteId: cliente._id, registroId: reg._id, vencimento: '2027-05-14', linhas: [{ descricao: 'Honorários', tipo: 'honorario', valor: 350 }] },
        'financeiro',
      );
      expect([c.status, c.body?.message]).toEqual([201, undefined]);
      cobranca = c.body.data;
    });

    it("shows a stage in progress at its deadline to the registro's responsible and the board", async () => {
      const mine = (await window('2027-05-01', '2027-06-01')).body.data.filter((i: any) => i.kind === 'prazo-etapa');
      expect(mine).toEqual([
        expect.objectContaining({
          id: `prazo-etapa-${etapaId}`,
          titulo: `Etapa: Análise na Junta — ${reg.numero}`,
          inicio: '2027-05-12',
          fim: '2027-05-13',
          allDay: true,
          link: `/painel/meu-registros/${reg._id}`,
          clienteNome: 'Padaria Pão Quente Ltda',
          protocolo: reg.numero,
          uid: `etapa-${etapaId}@veritas`,
          responsavelId: staff.associado._id,
        }),
      ]);
      expect((await window('2027-05-01', '2027-06-01', 'associado2')).body.data.filter((i: any) => i.kind === 'prazo-etapa')).toEqual([]);
      const board = (await window('2027-05-01', '2027-06-01', 'master')).body.data.filter((i: any) => i.kind === 'prazo-etapa');
      expect(board.map((i: any) => [i.id, i.link])).toEqual([[`prazo-etapa-${etapaId}`, `/painel/registros/${reg._id}`]]);
      // Outside the window: nothing.
      expect((await window('2027-06-01', '2027-07-01')).body.data.filter((i: any) => i.kind === 'prazo-etapa')).toEqual([]);
      // Concluded: gone.
      await ds.query("UPDATE registro_etapas SET status = 'concluida' WHERE id = ?", [etapaId]);
      expect((await window('2027-05-01', '2027-06-01', 'master')).body.data.filter((i: any) => i.kind === 'prazo-etapa')).toEqual([]);
      await ds.query("UPDATE registro_etapas SET status = 'andamento' WHERE id = ?", [etapaId]);
    });

    it("shows an open exigência's last day to the registro's responsible and the board, until it is met", async () => {
      const hoje = todayInSaoPaulo();
      const aberta = await api.post(`/api/registros/${reg._id}/exigencias`, { descricao: 'Falta o contrato assinado', notificadaEm: hoje }, 'associado');
      expect([aberta.status, aberta.body?.message]).toEqual([201, undefined]);
      const prazo = addCalendarDays(hoje, 30);
      const fim = addCalendarDays(hoje, 60);
      const of = async (who: string) => (await window(hoje, fim, who)).body.data.filter((i: any) => i.kind === 'prazo-exigencia');
      expect(await of('associado')).toEqual([
        expect.objectContaining({
          titulo: `Exigência: prazo final — ${reg.numero}`,
          inicio: prazo,
          allDay: true,
          link: `/painel/meu-registros/${reg._id}`,
          protocolo: reg.numero,
          uid: `exigencia-${aberta.body.data._id}@veritas`,
        }),
      ]);
      expect(await of('associado2')).toEqual([]);
      expect((await of('master')).map((i: any) => i.link)).toEqual([`/painel/registros/${reg._id}`]);
      const cumprida = await api.put(`/api/registros/${reg._id}/exigencias/${aberta.body.data._id}`, { status: 'cumprida' }, 'associado');
      expect(cumprida.status).toBe(200);
      expect(await of('master')).toEqual([]);
    });

    it('shows an open charge at its due date only to those who see Finanças', async () => {
      const only = (who: string, responsavel?: string) =>
        window('2027-05-01', '2027-06-01', who, responsavel).then((r) => {
          expect(r.status).toBe(200);
          return r.body.data.filter((i: any) => i.kind === 'cobranca');
        });
      const expected = expect.objectContaining({
        id: `cobranca-${cobranca._id}`,
        titulo: `Cobrança: Padaria Pão Quente Ltda — ${reg.numero}`,
        inicio: '2027-05-14',
        fim: '2027-05-15',
        allDay: true,
        link: '/painel/financas',
        clienteNome: 'Padaria Pão Quente Ltda',
        protocolo: reg.numero,
        uid: `cobranca-${cobranca._id}@veritas`,
      });
      expect(await only('financeiro')).toEqual([expected]);
      expect(await only('master')).toEqual([expected]);
      expect(await only('diretoria')).toEqual([expected]);
      // The responsible of the registro has no Finanças: no charge in their agenda.
      expect(await only('associado')).toEqual([]);
      expect(await only('suporte')).toEqual([]);
      // The board's filter for one person: the charges of that person's registros.
      expect(await only('master', staff.associado._id)).toEqual([expected]);
      expect(await only('master', staff.associado2._id)).toEqual([]);
      // Paid or cancelled: gone.
      await ds.query("UPDATE cobrancas SET status = 'cancelada' WHERE id = ?", [cobranca._id]);
      expect(await only('financeiro')).toEqual([]);
      await ds.query("UPDATE cobrancas SET status = 'aberta' WHERE id = ?", [cobranca._id]);
    });

    it("puts the stage deadline in the responsible's feed", async () => {
      const renew = await api.post('/api/agenda/feed/renovar', {}, 'associado');
      expect(renew.status).toBe(201);
      const res = await fetch(api.baseUrl + new URL(renew.body.data.url).pathname);
      expect(res.status).toBe(200);
      const parsed = parseFeed(await res.text());
      const ev = parsed.events.find((e: any) => e.uid === `etapa-${etapaId}@veritas`);
      expect(ev).toBeDefined();
      expect(ev.summary).toContain('Análise na Junta');
      expect(ev.startDate.toString()).toBe('2027-05-12');
      expect(parsed.events.some((e: any) => e.uid === `cobranca-${cobranca._id}@veritas`)).toBe(false);
    });
  });
});

describe('reminders across a restart (SQLite, the same DATA_DIR)', () => {
  it('a second server on the same database does not send a reminder again', async () => {
    const api = await TestApi.start('sqlite');
    const dataDir = api.dataDir;
    await api.withStaff();
    const ev = (
      await api.post(
        '/api/agenda/eventos',
        { tipo: 'reuniao', titulo: 'Reunião semanal', inicio: '2027-08-02T12:00:00.000Z', fim: '2027-08-02T13:00:00.000Z', rrule: 'FREQ=WEEKLY', lembreteMinutos: 60 },
        'associado',
      )
    ).body.data;
    expect(await api.app.get(AgendaLembretesJob).runOnce(new Date('2027-08-02T11:30:00Z'))).toBe(1);
    await api.app.close();

    const app = await createApp(
      loadConfig({ DATA_DIR: dataDir, MASTER_PASSWORD, PASSWORD_HASH_COST: 'fast', SMTP_PORT: '0', WEB_ROOT: `${dataDir}/no-web` }),
      false,
    );
    try {
      const job = app.get(AgendaLembretesJob);
      expect(await job.runOnce(new Date('2027-08-02T11:30:00Z'))).toBe(0);
      expect(await job.runOnce(new Date('2027-08-02T11:59:00Z'))).toBe(0);
      expect(await job.runOnce(new Date('2027-08-09T11:10:00Z'))).toBe(1);
      const rows = await app.get(DataSource).query('SELECT ocorrencia FROM agenda_lembretes WHERE eventoId = ? ORDER BY ocorrencia', [ev.id]);
      expect(rows).toHaveLength(2);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
