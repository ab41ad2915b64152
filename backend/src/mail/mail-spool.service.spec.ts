import type { DataSource, FindOperator, Repository } from 'typeorm';
import type { AppConfig } from '../platform/config';
import type { DurableCommits } from '../platform/database';
import type { JobScheduler } from '../platform/jobs';
import type { MailSpoolRow } from './entities/mail-spool.entity';
import type { MailFiles } from '../platform/storage';
import type { MailParser } from './mail-parser';
import type { MailboxService } from './mailbox.service';
import { MailSpool } from './mail-spool.service';

const WAIT_MS = 1000;

/**
 * A spool among stand-ins: what it stores is noted in `stored`, the bytes it parses in `bytes`, its
 * reads of the spool's rows in `reads`, the rows it leaves for a later attempt in `retried`; a row in
 * `gone` is no longer in the table ('*': the table cannot be read).
 */
function standIns(spoolWaitMs: number) {
  const seen = { stored: [] as string[][], parsed: 0, bytes: [] as string[], reads: 0, retried: [] as string[], gone: new Set<string>(), filesRemoved: [] as string[] };
  const config = { mail: { spool: 'always', spoolWaitMs }, scale: { redisUrl: null, backgroundJobs: false } } as unknown as AppConfig;
  const db = { query: async () => [{ id: 'dono' }] } as unknown as DataSource;
  const mailbox = {
    storeAll: async (ready: { item: { id: string } }[]) => {
      seen.stored.push(ready.map((r) => r.item.id));
      return ready.map(() => []);
    },
  } as unknown as MailboxService;
  const parser = {
    parse: async (raw: Buffer) => {
      seen.parsed++;
      seen.bytes.push(raw.toString());
      return { message: {}, forgedLocal: null };
    },
  } as unknown as MailParser;
  // The spooled rows' bytes, read back a batch at a time.
  const rows = {
    find: async (options: { where: { id: FindOperator<string[]> } }) => {
      seen.reads++;
      if (seen.gone.has('*')) throw new Error('database is locked');
      return (options.where.id.value as string[]).filter((id) => !seen.gone.has(id)).map((id) => ({ id, raw: Buffer.from(`bytes of ${id}`) }));
    },
    update: async (where: { id: string }) => {
      seen.retried.push(where.id);
      return { affected: 1 };
    },
  };
  // The mail files of large messages: read back when their batch is, removed once stored.
  const files = {
    read: async (name: string) => Buffer.from(`file ${name}`),
    remove: async (names: string[]) => void seen.filesRemoved.push(...names),
  };
  const spool = new MailSpool(config, db, rows as unknown as Repository<MailSpoolRow>, mailbox, {} as DurableCommits, {} as JobScheduler, parser, files as unknown as MailFiles);
  const inner = spool as unknown as { enqueue(item: object): void; startDrain(): void; draining: Promise<void> | null };
  /** The spool's own queue, as the listener fills it after each committed 250 (`bytes` over 1 MB: in a file). */
  const enqueue = (id: string, at: number, bytes = id.length) =>
    inner.enqueue({ id, at, bytes, mailFrom: 'fora@exemplo.com', ownerIds: ['dono'], attempts: 0, rawFile: bytes > 1024 * 1024 ? `raw-${id}` : null });
  return { spool, seen, enqueue, inner };
}

/**
 * When the spool stores what it holds (issue 14, SMTP ingest): messages keep arriving → the listener
 * first, the inboxes once it is quiet or a message has waited MAIL_SPOOL_WAIT_MS. The clock and the
 * parts around the spool are stand-ins; the database paths are the API suite's (smtp-spool).
 */
describe('MailSpool: when spooled messages are stored', () => {
  let now: number;
  let seen: ReturnType<typeof standIns>['seen'];
  let spool: MailSpool;
  /** The spool's own queue, as the listener fills it after each committed 250. */
  let enqueue: (id: string) => void;
  let startDrain: () => void;
  let draining: () => Promise<void> | null;
  let made: ReturnType<typeof standIns>;

  beforeEach(() => {
    now = 0;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    made = standIns(WAIT_MS);
    spool = made.spool;
    seen = made.seen;
    enqueue = (id) => made.enqueue(id, now);
    startDrain = () => made.inner.startDrain();
    draining = () => made.inner.draining;
  });

  afterEach(async () => {
    await spool.onModuleDestroy();
    jest.restoreAllMocks();
  });

  const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => `m${from + i}`);

  it('while messages keep arriving, a drain stores one batch and gives way; the rest once the listener is quiet, in order', async () => {
    for (const id of ids(0, 40)) enqueue(id);
    now = 5; // the last one arrived 5 ms ago: the listener is busy
    startDrain();
    await draining();
    expect(seen.stored).toEqual([ids(0, 16)]);
    now = 30; // quiet for 30 ms
    startDrain();
    await draining();
    expect(seen.stored).toEqual([ids(0, 16), ids(16, 16), ids(32, 8)]);
  });

  it('a message that has waited MAIL_SPOOL_WAIT_MS is stored even while others keep arriving', async () => {
    for (const id of ids(0, 20)) enqueue(id);
    now = WAIT_MS - 10;
    for (const id of ids(20, 20)) enqueue(id);
    now = WAIT_MS + 5; // the first twenty are due, the last arrival was 15 ms ago
    startDrain();
    await draining();
    // Due ones are stored; the drain gives way once the oldest left is younger than the wait.
    expect(seen.stored.flat()).toEqual(ids(0, 32));
    now = WAIT_MS + 40;
    startDrain();
    await draining();
    expect(seen.stored.flat()).toEqual(ids(0, 40));
  });

  it('the bytes parsed are the rows’, read back in one query per batch', async () => {
    for (const id of ids(0, 40)) enqueue(id);
    now = 30;
    await spool.idle();
    expect(seen.reads).toBe(3);
    expect(seen.bytes).toEqual(ids(0, 40).map((id) => `bytes of ${id}`));
  });

  it('a message whose row is gone (another replica took it once its lease ran out) is neither stored nor retried; the rest of its batch is', async () => {
    for (const id of ids(0, 5)) enqueue(id);
    seen.gone.add('m2');
    now = 30;
    await spool.idle();
    expect(seen.stored).toEqual([['m0', 'm1', 'm3', 'm4']]);
    expect(seen.retried).toEqual([]);
  });

  it('when the rows cannot be read, every message of the batch stays in the spool for a later attempt', async () => {
    for (const id of ids(0, 3)) enqueue(id);
    seen.gone.add('*');
    now = 30;
    await spool.idle();
    expect(seen.stored).toEqual([]);
    expect(seen.retried).toEqual(ids(0, 3));
  });

  it('large messages: their bytes read from their files, at most 32 MB of them a batch (always one), the files removed once stored', async () => {
    const MB = 1024 * 1024;
    enqueue('m0');
    made.enqueue('big1', now, 20 * MB);
    made.enqueue('big2', now, 20 * MB);
    made.enqueue('big3', now, 5 * MB);
    made.enqueue('big4', now, 40 * MB);
    enqueue('m1');
    now = 30;
    await spool.idle();
    expect(seen.stored).toEqual([['m0', 'big1'], ['big2', 'big3'], ['big4'], ['m1']]);
    expect(seen.bytes).toEqual(['bytes of m0', 'file raw-big1', 'file raw-big2', 'file raw-big3', 'file raw-big4', 'bytes of m1']);
    expect(seen.filesRemoved).toEqual(['raw-big1', 'raw-big2', 'raw-big3', 'raw-big4']);
  });

  it('idle() (a stop, a recovery) stores everything, arrivals or not', async () => {
    for (const id of ids(0, 40)) enqueue(id);
    now = 1;
    await spool.idle();
    expect(seen.stored.flat()).toEqual(ids(0, 40));
  });
});

/**
 * A quiet moment is the listener's (real clock): its commands and the pieces of a message's data
 * count as activity (heard), and a quiet moment seen by a timer is checked again once the event loop
 * has read the sockets — after the loop was held, the timer runs before them.
 */
describe('MailSpool: a quiet moment is the listener’s', () => {
  let seen: ReturnType<typeof standIns>['seen'];
  let spool: MailSpool;
  let enqueue: (id: string) => void;

  beforeEach(() => {
    const made = standIns(60_000);
    ({ spool, seen } = made);
    enqueue = (id) => made.enqueue(id, Date.now());
  });

  afterEach(() => spool.onModuleDestroy());

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('nothing is stored while the listener keeps receiving, though no message has arrived; once it is quiet, all', async () => {
    enqueue('m0');
    const receiving = setInterval(() => spool.heard(), 5);
    try {
      await sleep(120);
      expect(seen.parsed).toBe(0);
    } finally {
      clearInterval(receiving);
    }
    await sleep(120);
    expect(seen.stored).toEqual([['m0']]);
  });

  it('after the event loop was held, what the sockets brought meanwhile is heard before the quiet is believed', async () => {
    enqueue('m0');
    // An I/O callback that completes while the loop is held: the listener reading a piece of data.
    require('node:fs').stat(__filename, () => spool.heard());
    const until = Date.now() + 150;
    while (Date.now() < until) {
      // The loop held far longer than the quiet the spool waits for (a batch stored, a collection), and than the stat takes.
    }
    await sleep(5);
    expect(seen.parsed).toBe(0);
    await sleep(120);
    expect(seen.stored).toEqual([['m0']]);
  });
});
