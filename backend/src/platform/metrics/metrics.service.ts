import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { DataSource } from 'typeorm';
import { JobScheduler } from '../jobs';
import { APP_CONFIG, type AppConfig } from '../config';

const LOGIN_ROUTES = new Set(['/api/auth/login', '/api/clientes/login']);

/** The route template the router matched (`/api/users/:id`), never the raw path: bounded label values. */
export function routeTemplate(req: FastifyRequest): string {
  const route = req.routeOptions.url;
  // A catch-all (`/*`: the front ends) says nothing about the route; nor does the API's 404 (no route).
  if (route && !route.includes('*')) return route;
  const path = req.url.split('?', 1)[0];
  return path.startsWith('/api/') || path === '/api' ? '(api sem rota)' : '(site)';
}

/**
 * The process's Prometheus metrics, in a registry of its own (several apps may share a test
 * process): HTTP requests by route template, method and status with a latency histogram; sign-ins
 * refused (wrong credentials, throttled); and, read from the shared database at each scrape, the
 * mail outbox by status and the stored mail by folder (mail in = inbox, out = sent).
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;
  private readonly loginsRefused: Counter<'reason'>;

  constructor(db: DataSource, @Inject(APP_CONFIG) config: AppConfig, jobs: JobScheduler) {
    // The process's own figures (memory, event loop, GC) only where someone may read them: their
    // collectors are process-wide observers, one more per app instance otherwise.
    if (config.scale.metricsToken) collectDefaultMetrics({ register: this.registry, prefix: 'veritas_' });
    this.requests = new Counter({ name: 'veritas_http_requests_total', help: 'Requisições HTTP atendidas, por rota, método e status.', labelNames: ['method', 'route', 'status'], registers: [this.registry] });
    this.latency = new Histogram({
      name: 'veritas_http_request_duration_seconds',
      help: 'Tempo de resposta das requisições HTTP, por rota, método e status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.loginsRefused = new Counter({ name: 'veritas_logins_refused_total', help: 'Logins recusados: credenciais inválidas ou tentativas demais.', labelNames: ['reason'], registers: [this.registry] });
    for (const reason of ['credenciais', 'limite']) this.loginsRefused.inc({ reason }, 0);
    new Gauge({
      name: 'veritas_mail_outbox_messages',
      help: 'Notificações na fila de saída, por situação (pending = na fila, failed = falhas definitivas).',
      labelNames: ['status'],
      registers: [this.registry],
      async collect() {
        const rows: { status: string; n: string | number }[] = await db.query('SELECT status, COUNT(*) AS n FROM mail_outbox GROUP BY status');
        this.reset();
        for (const s of ['pending', 'sent', 'failed']) this.set({ status: s }, 0);
        for (const r of rows) this.set({ status: r.status }, Number(r.n));
      },
    });
    new Gauge({
      name: 'veritas_mail_outbox_retrying',
      help: 'Notificações pendentes que já falharam ao menos uma vez (novas tentativas em curso).',
      registers: [this.registry],
      async collect() {
        const [row]: { n: string | number }[] = await db.query("SELECT COUNT(*) AS n FROM mail_outbox WHERE status = 'pending' AND attempts > 0");
        this.set(Number(row?.n ?? 0));
      },
    });
    new Gauge({
      name: 'veritas_mail_spool_messages',
      help: 'E-mails recebidos já respondidos com 250 que aguardam na fila (spool) para entrar nas caixas; retrying = os que já falharam ao menos uma vez.',
      labelNames: ['state'],
      registers: [this.registry],
      async collect() {
        const [row]: { n: string | number | null; r: string | number | null }[] = await db.query('SELECT COUNT(*) AS n, SUM(CASE WHEN attempts > 0 THEN 1 ELSE 0 END) AS r FROM mail_spool');
        this.set({ state: 'waiting' }, Number(row?.n ?? 0));
        this.set({ state: 'retrying' }, Number(row?.r ?? 0));
      },
    });
    new Gauge({
      name: 'veritas_jobs',
      help: 'Tarefas em segundo plano na fila, por situação (com REDIS_URL: aguardando, em execução, agendadas, falhas; no modo local só as falhas guardadas).',
      labelNames: ['estado'],
      registers: [this.registry],
      async collect() {
        const { contagens } = await jobs.state();
        for (const [estado, n] of Object.entries(contagens)) this.set({ estado }, n);
      },
    });
    new Gauge({
      name: 'veritas_mail_messages',
      help: 'Mensagens guardadas nas caixas da equipe, por pasta (inbox = recebidas, sent = enviadas).',
      labelNames: ['folder'],
      registers: [this.registry],
      async collect() {
        const rows: { folder: string; n: string | number }[] = await db.query('SELECT folder, COUNT(*) AS n FROM mail_messages GROUP BY folder');
        this.reset();
        for (const f of ['inbox', 'sent']) this.set({ folder: f }, 0);
        for (const r of rows) this.set({ folder: r.folder }, Number(r.n));
      },
    });
  }

  /** Times every request (Fastify's own clock, from its arrival) and counts it once its answer is sent. */
  countRequests(app: FastifyInstance): void {
    app.addHook('onResponse', (req, reply, done) => {
      // Never let counting break the process (this runs after the answer, outside its handler).
      try {
        const route = routeTemplate(req);
        // Objects without a prototype: prom-client walks labels with for...in, and a polluted
        // Object.prototype (which /api/health detects) must not turn into label errors.
        const labels = Object.assign(Object.create(null) as Record<string, string>, { method: req.method, route, status: String(reply.statusCode) });
        this.requests.inc(labels);
        this.latency.observe(labels, reply.elapsedTime / 1e3);
        if (req.method === 'POST' && LOGIN_ROUTES.has(route)) {
          const reason = reply.statusCode === 401 ? 'credenciais' : reply.statusCode === 429 ? 'limite' : null;
          if (reason) this.loginsRefused.inc(Object.assign(Object.create(null) as Record<string, string>, { reason }));
        }
      } catch {
        /* a metric lost is better than a request's process lost */
      }
      done();
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
