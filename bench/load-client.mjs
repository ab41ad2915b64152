/**
 * The benches' load generator (support.mjs, LOAD_TOOL "sockets"): a child process holding `concurrency`
 * keep-alive connections open from one run to the next, as a browser keeps its own. Each run first makes
 * sure every connection is open and has been answered once (not counted), then loops GET requests on
 * all of them for the given seconds and answers the latency of each 200 (ms, closed loop: a request
 * is sent when the previous answer on its connection has arrived), the errors and the bytes.
 *
 * Why not wrk alone: each wrk run opens all its connections at once, and Node's libuv (1.45+, libuv
 * PR #3696) accepts one connection per event-loop turn, so on a loaded server the 50th waits ~50 turns
 * for its first answer; wrk then "corrects" every slow answer for coordinated omission (it adds the
 * answers that would have waited behind it at the run's mean interval), so the first second of each run
 * set its p99. Measured in a packet capture of one 5-s run: p99 41.5 ms on the wire, 213.6 ms in
 * wrk's report; the 24 slow answers were all the first of a connection (docs/decisions.md).
 *
 * Messages (IPC): { origin, concurrency } once, then { path, headers, seconds } per run,
 * answered { n, errors, latencies: Float64Array of the 200s, sorted, bytes, cpuMs: the client's own CPU
 * during the counted run } or { error }.
 */
import * as net from 'node:net';

const CRLF2 = Buffer.from('\r\n\r\n');

/** One keep-alive connection that sends a request and reads its whole answer (Content-Length or chunked). */
class Connection {
  constructor(host, port) {
    this.host = host;
    this.port = port;
    this.socket = null;
    this.open = false;
    this.chunks = [];
    this.length = 0;
    this.pending = null;
  }

  connect() {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
      socket.once('connect', () => {
        this.open = true;
        resolve();
      });
      // Before 'connect' an error fails the connect; after it, 'close' follows and fails the request in flight.
      socket.on('error', (err) => {
        if (!this.open) reject(err);
      });
      // A socket given up (below) is replaced: what it still says or does is ignored.
      socket.on('data', (chunk) => this.socket === socket && this.onData(chunk));
      socket.on('close', () => {
        if (this.socket !== socket) return;
        this.open = false;
        this.socket = null;
        const p = this.pending;
        this.pending = null;
        p?.reject(new Error('conexão fechada pelo servidor'));
      });
      this.socket = socket;
    });
  }

  /** Sends `request` and resolves with { status, bytes } once the whole answer has arrived. */
  send(request) {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.chunks = [];
      this.length = 0;
      this.socket.write(request);
    });
  }

  /** Closes this connection now; the next request opens another. */
  giveUp() {
    const socket = this.socket;
    this.open = false;
    this.socket = null;
    socket?.destroy();
  }

  onData(chunk) {
    this.chunks.push(chunk);
    this.length += chunk.length;
    const buf = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks, this.length);
    this.chunks = [buf];
    const end = complete(buf);
    if (end === -1 || !this.pending) return;
    if (end === MALFORMED) {
      const p = this.pending;
      this.pending = null;
      p.reject(new Error('resposta mal formada'));
      this.giveUp();
      return;
    }
    const status = Number(buf.toString('latin1', 9, 12));
    const p = this.pending;
    this.pending = null;
    this.chunks = [];
    this.length = 0;
    if (end < buf.length) {
      // More than one answer to one request: the connection's framing is lost; a new one is opened.
      p.reject(new Error('resposta com bytes a mais'));
      this.giveUp();
    } else {
      // An answer that ends its connection ("Connection: close"): the next request opens a new one.
      if (/\r\nconnection:\s*close/i.test(buf.toString('latin1', 0, buf.indexOf(CRLF2)))) this.giveUp();
      p.resolve({ status, bytes: buf.length });
    }
  }
}

/** complete()'s answer for framing it cannot read (a chunk size that is not hexadecimal). */
const MALFORMED = -2;

/** The length of a whole HTTP/1.1 answer at the start of `buf`, -1 while it is incomplete, or MALFORMED. */
function complete(buf) {
  const headEnd = buf.indexOf(CRLF2);
  if (headEnd === -1) return -1;
  const head = buf.toString('latin1', 0, headEnd).toLowerCase();
  const bodyStart = headEnd + 4;
  const cl = /\r\ncontent-length:\s*(\d+)/.exec(head);
  if (cl) {
    const end = bodyStart + Number(cl[1]);
    return buf.length >= end ? end : -1;
  }
  if (/\r\ntransfer-encoding:[^\r]*chunked/.test(head)) {
    for (let pos = bodyStart; ; ) {
      const lineEnd = buf.indexOf('\r\n', pos, 'latin1');
      if (lineEnd === -1) return -1;
      const size = parseInt(buf.toString('latin1', pos, lineEnd), 16);
      if (!(size >= 0)) return MALFORMED;
      if (size === 0) {
        // No trailers from this server: the last chunk is "0\r\n\r\n".
        return buf.length >= lineEnd + 4 ? lineEnd + 4 : -1;
      }
      pos = lineEnd + 2 + size + 2;
      if (pos > buf.length) return -1;
    }
  }
  return bodyStart; // no body (204, 304)
}

let connections = [];
let target = null;

async function run({ path, headers, seconds }) {
  const request = Buffer.from(
    `GET ${path} HTTP/1.1\r\nHost: ${target.host}:${target.port}\r\n` + Object.entries(headers ?? {}).map(([k, v]) => `${k}: ${v}\r\n`).join('') + '\r\n',
    'latin1',
  );
  // Every connection answered once before anything is counted (a new one waits for its accept); one
  // the server closed meanwhile (its keep-alive timeout) is opened again.
  await Promise.all(
    connections.map(async (c) => {
      for (let attempt = 1; ; attempt++) {
        try {
          if (!c.open) await c.connect();
          await c.send(request);
          return;
        } catch (err) {
          if (attempt === 3) throw err;
        }
      }
    }),
  );
  const loop = async (until, record) => {
    await Promise.all(
      connections.map(async (c) => {
        while (performance.now() < until) {
          if (!c.open) await c.connect();
          const t = performance.now();
          try {
            const r = await c.send(request);
            record(r, performance.now() - t);
          } catch {
            record(null, 0);
          }
        }
      }),
    );
  };
  const latencies = [];
  const cpu = process.cpuUsage();
  let errors = 0;
  let bytes = 0;
  await loop(performance.now() + seconds * 1000, (r, ms) => {
    if (r && r.status === 200) {
      latencies.push(ms);
      bytes += r.bytes;
    } else errors++;
  });
  const { user, system } = process.cpuUsage(cpu);
  const sorted = Float64Array.from(latencies).sort();
  return { n: sorted.length, errors, latencies: sorted, bytes, cpuMs: (user + system) / 1000 };
}

process.on('message', async (msg) => {
  try {
    if (msg.origin) {
      const u = new URL(msg.origin);
      target = { host: u.hostname, port: Number(u.port) };
      connections = Array.from({ length: msg.concurrency }, () => new Connection(target.host, target.port));
      process.send({ ok: true });
      return;
    }
    process.send(await run(msg));
  } catch (err) {
    process.send({ error: String(err?.stack ?? err) });
  }
});
process.on('disconnect', () => process.exit(0));
