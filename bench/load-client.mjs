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
 * wrk's report; the 24 slow answers were all the first of a connection
 * (docs/adr/0042-benchmarks-measure-beside-a-baseline.md).
 *
 * Answers are read by undici (Node's own HTTP client, as a package): no HTTP framing written here.
 *
 * Messages (IPC): { origin, concurrency } once, then { path, headers, seconds } per run (path: one path, or
 * a list of them taken in turn by every request on every connection — "a new URL each request", the first
 * ask of a page, an offset or a term; headers: one
 * object for every connection, or a list whose i-th entry connection i uses, round the list: one
 * signed-in person per connection),
 * answered { n, errors, latencies: Float64Array of the 200s, sorted, bytes (of the 200s' bodies), cpuMs: the client's own CPU
 * during the counted run } or { error }.
 */
import { Client } from 'undici';

/**
 * One keep-alive connection per loop: undici's Client (pinned in devDependencies) is one connection,
 * opened on first use and again after the server closes it (its 5-s keep-alive timeout), with one
 * request at a time on it (pipelining 1, as a browser's HTTP/1.1 connection).
 */
let connections = [];

/**
 * One GET on `c`: resolves { status, bytes } once the whole body has been read. Through undici's
 * dispatch handler (its lowest public layer): 0.14–0.15 ms of this client's CPU per request on the cores
 * the server shares, against 0.17–0.24 ms for request() with its body stream.
 */
function send(c, path, headers) {
  return new Promise((resolve, reject) => {
    let status = 0;
    let bytes = 0;
    c.dispatch(
      { method: 'GET', path, headers },
      {
        onRequestStart() {},
        onResponseStart(_controller, statusCode) {
          status = statusCode;
        },
        onResponseData(_controller, chunk) {
          bytes += chunk.length;
        },
        onResponseEnd() {
          resolve({ status, bytes });
        },
        onResponseError(_controller, err) {
          reject(err);
        },
      },
    );
  });
}

/** Where each run's list of paths goes on: a path already asked is not asked again while the list lasts. */
let nextPath = 0;

async function run({ path: given_path, headers: given, seconds }) {
  const headersOf = (i) => (Array.isArray(given) ? given[i % given.length] : given);
  const pathOf = Array.isArray(given_path) ? () => given_path[nextPath++ % given_path.length] : () => given_path;
  // Every connection answered once before anything is counted (a new one waits for its accept; undici
  // opens again one the server closed meanwhile).
  await Promise.all(connections.map((c, i) => send(c, pathOf(), headersOf(i))));
  const loop = async (until, record) => {
    await Promise.all(
      connections.map(async (c, i) => {
        const headers = headersOf(i);
        while (performance.now() < until) {
          const t = performance.now();
          try {
            const r = await send(c, pathOf(), headers);
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
      connections = Array.from({ length: msg.concurrency }, () => new Client(msg.origin, { pipelining: 1 }));
      process.send({ ok: true });
      return;
    }
    process.send(await run(msg));
  } catch (err) {
    process.send({ error: String(err?.stack ?? err) });
  }
});
process.on('disconnect', () => process.exit(0));

