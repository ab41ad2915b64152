import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import * as path from 'node:path';
import { types } from 'node:util';
import { Worker } from 'node:worker_threads';
import { APP_CONFIG, AppConfig } from '../platform/config';
import type { InboundMessage } from './inbound-message';

/** A parse that takes longer than this is given up (the worker is ended and started again). */
const PARSE_TIMEOUT_MS = 60_000;
/** The worker's heap: a hostile message that makes the parser grow past it ends the worker, not the app. */
const WORKER_HEAP_MB = 512;

/**
 * The worker's code, run with `eval` (as the read pool's) so it works the same from the build and
 * from the TypeScript sources under jest: there, `typescript` turns the few modules it loads
 * (inbound-message and its imports) into CommonJS as they are required. It answers
 * `{ id, raw, envelopeFrom, mailDomain }` with parseInbound's result, the attachments' bytes
 * transferred (not copied), or the error's message.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.typescript) {
  const ts = require(workerData.typescript);
  const fs = require('node:fs');
  const { Module } = require('node:module');
  Module._extensions['.ts'] = (module, filename) => {
    const out = ts.transpileModule(fs.readFileSync(filename, 'utf8'), {
      fileName: filename,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    });
    module._compile(out.outputText, filename);
  };
}
const { parseInbound } = require(workerData.module);
parentPort.on('message', ({ id, raw, envelopeFrom, mailDomain }) => {
  parseInbound(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), envelopeFrom, mailDomain).then(
    (parsed) => {
      const transfer = new Set(parsed.message.attachments.map((a) => a.source.buffer.buffer));
      // The date as a number: a Date made in another realm (jest's) is not instanceof its Date.
      parentPort.postMessage({ id, parsed, date: parsed.message.date.getTime() }, [...transfer]);
    },
    (err) => parentPort.postMessage({ id, error: String((err && err.message) || err) }),
  );
});
`;

interface Pending {
  resolve: (m: InboundMessage) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Received messages are parsed (postal-mime, the HTML sanitised, the text of an HTML-only message)
 * in a worker thread (issue 14): that work was a fifth of the main thread's time while mail came in,
 * and a large message held every API request behind it. The main thread keeps the SMTP sessions and
 * the database. A worker that dies (a message that exhausts its heap, a parse past
 * PARSE_TIMEOUT_MS) fails the parses it held — the spool retries them later, a direct delivery is
 * answered 451 — and the next parse starts a new one.
 */
@Injectable()
export class MailParser implements OnApplicationShutdown {
  private readonly logger = new Logger('MailParser');
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  /** PARSE_TIMEOUT_MS (a field: the tests shorten it). */
  protected timeoutMs = PARSE_TIMEOUT_MS;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * `handOver`: the caller is done with `raw`, whose bytes then move to the worker instead of being
   * copied (a 15 MB message cost the main thread ~120 ms to copy) — when they are a memory block of
   * their own, not a slice of Node's shared pool; `raw` is left empty.
   */
  parse(raw: Buffer, envelopeFrom: string, handOver = false): Promise<InboundMessage> {
    if (this.closed) return Promise.reject(new Error('o servidor está parando'));
    const worker = this.worker ?? this.spawn();
    const id = this.nextId++;
    return new Promise<InboundMessage>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(worker, new Error(`a leitura da mensagem passou de ${this.timeoutMs / 1000} s`)), this.timeoutMs);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      const own = handOver && raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength && types.isArrayBuffer(raw.buffer);
      worker.postMessage({ id, raw, envelopeFrom, mailDomain: this.config.mailDomain }, own ? [raw.buffer as ArrayBuffer] : []);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (worker) this.fail(worker, new Error('o servidor está parando'));
    await worker?.terminate();
  }

  private spawn(): Worker {
    const ext = path.extname(__filename);
    const worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: { module: path.join(__dirname, `inbound-message${ext}`), typescript: ext === '.ts' ? require.resolve('typescript') : null },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    worker.unref();
    worker.on('message', (m: { id: number; parsed?: InboundMessage; date?: number; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.error !== undefined) return p.reject(new Error(m.error));
      const parsed = m.parsed as InboundMessage;
      parsed.message.date = new Date(m.date as number);
      // Buffers cross the thread as plain Uint8Arrays.
      for (const a of parsed.message.attachments) {
        const bytes = (a.source as { buffer: Uint8Array }).buffer;
        a.source = { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
      }
      p.resolve(parsed);
    });
    worker.on('error', (err) => this.fail(worker, err));
    worker.on('exit', (code) => this.fail(worker, new Error(`o leitor de mensagens parou (código ${code})`)));
    this.worker = worker;
    return worker;
  }

  /** Fails every parse the worker held and forgets it (the next parse starts another). */
  private fail(worker: Worker, err: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    if (this.pending.size) this.logger.error(`Leitura de ${this.pending.size} mensagem(ns) recebida(s) interrompida: ${err.message}`);
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.pending.clear();
    void worker.terminate();
  }
}
