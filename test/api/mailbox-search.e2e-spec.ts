/**
 * A mailbox searched from an index (issue 14): on SQLite a selective phrase is found through the
 * trigram index (mail_fts, kept by triggers; on MySQL/MariaDB the suffix index mail_sufixos) and a common one by the folder's index in date order;
 * both give what a plain substring match of the folded text gives, on every database. A count stops
 * past 1,000 ("mais de 1.000"); smaller ones and the unread badge are exact.
 */
import { DataSource } from 'typeorm';
import { CONTAGEM_LIMITE, normalizeSearch } from '@veritas/common';
import { MailboxService, NewMessage } from '../../backend/src/mail/mailbox.service';
import { EmailsService } from '../../backend/src/emails/emails.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

const COMUNS = 1_050;

function message(i: number, subject: string, text: string, from = 'cliente@padaria-exemplo.com.br'): NewMessage {
  return {
    messageId: null,
    inReplyTo: null,
    from: { address: from, name: 'Padaria São João' },
    to: [{ address: 'associado@veritas.com.br', name: 'Associado' }],
    cc: [],
    bcc: [],
    subject,
    date: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
    html: null,
    text,
    attachments: [],
  };
}

/** The rare messages and the phrases that must find them (besides the 1,050 alike). */
const RAROS: [string, string, string?][] = [
  ['Alvará de funcionamento', 'Segue o ALVARÁ nº 4242 da prefeitura.'],
  ['Certidão simplificada', 'Precisamos da certidão até sexta-feira.', 'juridico@acucar-uniao.com.br'],
  ['Oficina "Especial" OR NEAR', '50% * pronto; campo_extra com sublinhado.'],
  ['Só eu', 'Mensagem curta.'],
];

describe.each(databaseKinds())('mailbox search on %s', (kind) => {
  let api: TestApi;
  let staff: Record<'master' | 'diretoria' | 'associado', any>;
  let db: DataSource;
  let owner: string;

  beforeAll(async () => {
    api = await TestApi.start(kind);
    staff = await api.withStaff();
    db = api.app.get(DataSource);
    owner = staff.associado._id;
    const inbox = (read: boolean) => ({ ownerId: owner, folder: 'inbox' as const, read, keepBcc: false });
    const items = Array.from({ length: COMUNS }, (_, i) => ({
      message: message(i, `Contrato social ${i}`, `Bom dia, segue o contrato social assinado (versão ${i}).`),
      placement: inbox(i % 3 !== 0),
    }));
    RAROS.forEach(([subject, text, from], j) => items.push({ message: message(COMUNS + j, subject, text, from), placement: inbox(true) }));
    await api.app.get(MailboxService).storeMany(items);
  }, 120_000);
  afterAll(() => api.stop());

  const url = (folder: string, filter: Record<string, unknown>, range = [0, 199]) =>
    `/api/emails/${folder}?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${JSON.stringify(range)}`;

  /** What a plain substring match of the stored folded text finds, newest first. */
  const expected = async (q: string, folder = 'inbox') => {
    const rows: { id: string; searchText: string; date: string }[] = await db.query(
      'SELECT id, searchText, date FROM mail_messages WHERE ownerId = ? AND folder = ? ORDER BY date DESC, id DESC',
      [owner, folder],
    );
    const t = normalizeSearch(q);
    return rows.filter((r) => r.searchText.includes(t)).map((r) => r.id);
  };

  it.each([
    'alvará',
    'ALVARA Nº 4242',
    'certidão simplificada',
    'acucar-uniao',
    'juridico@',
    '"especial"',
    'or near',
    '50%',
    '%',
    '_extra',
    '*',
    'só eu',
    'eu',
    'versão 1049',
    'versao 104',
    'zzzz',
    '🙂',
  ])('%j finds what a substring match of the folded text finds', async (q) => {
    const r = await api.get(url('inbox', { q }), 'associado');
    expect(r.status).toBe(200);
    const want = await expected(q);
    expect(r.body.data.map((m: any) => m._id ?? m.id)).toEqual(want);
    expect(r.body.total).toBe(want.length);
    expect(r.body.totalExato).toBeUndefined();
  });

  it('finds rare phrases through the trigram index on SQLite, written with every row', async () => {
    if (kind !== 'sqlite') return;
    const [{ n }] = await db.query("SELECT COUNT(*) AS n FROM mail_fts WHERE mail_fts MATCH '\"alvara\"'");
    expect(Number(n)).toBe(1);
    const [{ total }] = await db.query('SELECT COUNT(*) AS total FROM mail_fts');
    const [{ rows }] = await db.query('SELECT COUNT(*) AS rows FROM mail_messages');
    expect(Number(total)).toBe(Number(rows));
  });

  it('counts a common search or a large folder up to 1,000 and says there are more; smaller ones exactly', async () => {
    const r = await api.get(url('inbox', { q: 'contrato social' }, [0, 49]), 'associado');
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(50);
    expect(r.body).toMatchObject({ total: CONTAGEM_LIMITE, totalExato: false });
    expect(r.headers.get('content-range')).toBe('emails 0-49/*');
    // Paging goes on past the count's limit, in date order.
    const deep = await api.get(url('inbox', { q: 'contrato social' }, [1000, 1049]), 'associado');
    expect(deep.body.data).toHaveLength(50);
    expect(deep.body.data.map((m: any) => m._id ?? m.id)).toEqual((await expected('contrato social')).slice(1000, 1050));
    // A folder of more than 1,000 too; a smaller one is counted exactly.
    const all = await api.get(url('inbox', {}, [0, 9]), 'associado');
    expect(all.body).toMatchObject({ total: CONTAGEM_LIMITE, totalExato: false });
    expect(all.headers.get('content-range')).toBe('emails 0-9/*');
    const last = await api.get(url('inbox', {}, [COMUNS, COMUNS + 49]), 'associado');
    expect(last.body.data).toHaveLength(RAROS.length);
    const unread = await api.get(url('inbox', { unread: true }, [0, 9]), 'associado');
    expect(unread.body.total).toBe(Math.ceil(COMUNS / 3));
    expect(unread.body.totalExato).toBeUndefined();
    expect(unread.headers.get('content-range')).toBe(`emails 0-9/${Math.ceil(COMUNS / 3)}`);
  });

  it('finds rare phrases through the suffix index on MySQL/MariaDB, written with every row', async () => {
    if (kind !== 'mysql') return;
    const sql = "SELECT COUNT(*) AS n FROM mail_sufixos WHERE MATCH (sufixos) AGAINST ('+lvara*' IN BOOLEAN MODE)";
    expect(Number((await db.query(sql))[0].n)).toBe(1);
    expect((await db.query(`EXPLAIN ${sql}`))[0]).toMatchObject({ type: 'fulltext' });
    const [{ total }] = await db.query('SELECT COUNT(*) AS total FROM mail_sufixos');
    const [{ n }] = await db.query('SELECT COUNT(*) AS n FROM mail_messages');
    expect(Number(total)).toBe(Number(n));
  });

  it('keeps the unread badge and Com estrela exact, and follows moves and deletions', async () => {
    const unread = Array.from({ length: COMUNS }, (_, i) => i).filter((i) => i % 3 === 0).length;
    const r = await api.get(url('inbox', {}, [0, 0]), 'associado');
    expect(r.body.unread).toBe(unread);
    const [alvara] = await expected('alvará');
    expect((await api.put(`/api/emails/${alvara}/star`, { starred: true }, 'associado')).status).toBeLessThan(300);
    const starred = await api.get(url('starred', {}), 'associado');
    expect(starred.body.data.map((m: any) => m._id ?? m.id)).toEqual([alvara]);
    // Moved to Lixeira it is found there, not in Entrada; deleted for good, nowhere.
    expect((await api.put(`/api/emails/${alvara}/folder`, { folder: 'trash' }, 'associado')).status).toBeLessThan(300);
    expect((await api.get(url('inbox', { q: 'alvará' }), 'associado')).body.data).toEqual([]);
    expect((await api.get(url('trash', { q: 'alvará' }), 'associado')).body.data.map((m: any) => m._id ?? m.id)).toEqual([alvara]);
    expect((await api.get(url('starred', {}), 'associado')).body.data).toEqual([]);
    expect((await api.del(`/api/emails/${alvara}`, 'associado')).status).toBeLessThan(300);
    expect((await api.get(url('trash', { q: 'alvará' }), 'associado')).body.data).toEqual([]);
    if (kind === 'sqlite') expect(Number((await db.query("SELECT COUNT(*) AS n FROM mail_fts WHERE mail_fts MATCH '\"alvara\"'"))[0].n)).toBe(0);
    else expect(Number((await db.query("SELECT COUNT(*) AS n FROM mail_sufixos WHERE MATCH (sufixos) AGAINST ('+alvara*' IN BOOLEAN MODE)"))[0].n)).toBe(0);
  });

  it("never shows another person's messages", async () => {
    const r = await api.get(url('inbox', { q: 'certidão' }), 'master');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([]);
  });

  it('keeps a folder\'s count while no message changes, and counts again after each kind of write', async () => {
    const emails = api.app.get(EmailsService);
    const lido = kind === 'mysql' ? '`read`' : '"read"';
    const totals = async () => {
      const out: number[] = [];
      for (const filter of [{ unread: true }, { q: 'contrato social 10' }, { q: 'certidão' }]) {
        const r = await api.get(url('inbox', filter, [0, 4]), 'associado');
        expect(r.status).toBe(200);
        out.push(r.body.total);
      }
      return out;
    };
    const expected = async () => {
      const n = async (where: string, params: unknown[] = []) =>
        Number((await db.query(`SELECT COUNT(*) AS n FROM mail_messages WHERE ownerId = ? AND folder = 'inbox' AND ${where}`, [owner, ...params]))[0].n);
      return [await n(`${lido} = ?`, [false]), await n('searchText LIKE ?', ['%contrato social 10%']), await n('searchText LIKE ?', ['%certidao%'])];
    };
    expect(await totals()).toEqual(await expected());
    const kept = emails.pastas.counts.size;
    expect(kept).toBeGreaterThanOrEqual(3);
    expect(await totals()).toEqual(await expected());
    expect(emails.pastas.counts.size).toBe(kept);
    const [um] = await db.query(`SELECT id FROM mail_messages WHERE ownerId = ? AND folder = 'inbox' AND subject = 'Contrato social 102'`, [owner]);
    // Read by a bare UPDATE, then deleted; a new one arrives.
    await db.query(`UPDATE mail_messages SET ${lido} = ? WHERE id = ?`, [true, um.id]);
    expect(await totals()).toEqual(await expected());
    await db.query('DELETE FROM mail_messages WHERE id = ?', [um.id]);
    expect(await totals()).toEqual(await expected());
    await api.app.get(MailboxService).storeMany([
      { message: message(5_000, 'Certidão nova', 'Segue a certidão pedida.'), placement: { ownerId: owner, folder: 'inbox', read: false, keepBcc: false } },
    ]);
    expect(await totals()).toEqual(await expected());
  });
  it('gives a repeated folder page again while nothing it shows changed, and follows every change to it', async () => {
    const emails = api.app.get(EmailsService);
    const lido = kind === 'mysql' ? '`read`' : '"read"';
    const page = async () => {
      const r = await api.get(url('inbox', {}, [0, 24]), 'associado');
      expect(r.status).toBe(200);
      return r.body as { data: any[]; unread: number };
    };
    const first = await page();
    const made = emails.pastas.made;
    expect(await page()).toEqual(first);
    expect(emails.pastas.made).toBe(made);
    const alvo = first.data[3]._id;
    const linha = async () => (await page()).data.find((m) => m._id === alvo);
    // Each column a summary shows, changed without the API (no process could forget it): shown at once.
    const changes: [string, unknown, string, unknown][] = [
      ['subject', 'Assunto mudado no banco', 'subject', 'Assunto mudado no banco'],
      ['fromName', 'Remetente do Banco', 'fromName', 'Remetente do Banco'],
      ['fromAddress', 'outro@exemplo.com.br', 'from', 'outro@exemplo.com.br'],
      ['preview', 'Prévia mudada', 'preview', 'Prévia mudada'],
      ['important', 1, 'important', true],
      ['starred', 1, 'starred', true],
      ['hasAttachments', 1, 'hasAttachments', true],
    ];
    for (const [column, value, field, shown] of changes) {
      await db.query(`UPDATE mail_messages SET ${column} = ? WHERE id = ?`, [value, alvo]);
      expect([column, (await linha())[field]]).toEqual([column, shown]);
    }
    for (const column of ['toList', 'ccList']) {
      const [row] = await db.query(`SELECT ${column} AS v FROM mail_messages WHERE id = ?`, [alvo]);
      const list = JSON.stringify([{ address: `${column.toLowerCase()}@exemplo.com.br`, name: 'Lista' }]);
      await db.query(`UPDATE mail_messages SET ${column} = ? WHERE id = ?`, [typeof row.v === 'string' ? list : JSON.parse(list), alvo]);
      expect(JSON.stringify((await linha())[column === 'toList' ? 'to' : 'cc'])).toContain(`${column.toLowerCase()}@exemplo.com.br`);
    }
    // The unread badge follows a message read outside the API.
    const unread = (await page()).unread;
    await db.query(`UPDATE mail_messages SET ${lido} = 1 - ${lido} WHERE id = ?`, [alvo]);
    const after = await page();
    expect(after.unread).toBe(unread + (after.data.find((m) => m._id === alvo).read ? -1 : 1));
  });
});
