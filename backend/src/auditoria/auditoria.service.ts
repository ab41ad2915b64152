import { BadRequestException, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, LessThan } from 'typeorm';
import { isIsoDate, type AuditoriaResponse, type AuditoriaVerificacao } from '@veritas/common';
import { toIso } from '../common/entity-base';
import type { ListRequest } from '../common/list-query';
import { PeriodicJob } from '../common/periodic-job';
import { JobScheduler } from '../jobs/job-scheduler';
import { runInContext } from '../common/request-context';
import { withTransaction } from '../common/transaction';
import { APP_CONFIG, AppConfig } from '../config/config';
import { auditHash } from './audit-hash';
import { appendAudit } from './audit-log';
import { Auditoria, AuditoriaCadeia } from './auditoria.entity';

const VERIFY_BATCH = 500;
const DAY_MS = 86_400_000;

export function toAuditoriaResponse(a: Auditoria): AuditoriaResponse {
  let diff: Record<string, unknown> | null = null;
  try {
    diff = a.diff ? (JSON.parse(a.diff) as Record<string, unknown>) : null;
  } catch {
    diff = { texto: [null, a.diff] };
  }
  return {
    _id: a.id,
    seq: Number(a.seq),
    em: toIso(a.em) ?? '',
    atorTipo: a.atorTipo,
    atorId: a.atorId,
    atorEmail: a.atorEmail,
    atorNome: a.atorNome,
    ip: a.ip,
    requestId: a.requestId,
    acao: a.acao,
    entidade: a.entidade,
    entidadeId: a.entidadeId,
    clienteId: a.clienteId ?? null,
    registroId: a.registroId ?? null,
    diff,
  };
}

/** 'AAAA-MM-DD' (a São Paulo day) → its first instant in UTC (the firm's days; Brazil has no DST since 2019). */
function dayStart(v: unknown, name: string): Date {
  if (typeof v !== 'string' || !isIsoDate(v)) throw new BadRequestException(`Filtro ${name} inválido: use uma data AAAA-MM-DD.`);
  return new Date(`${v}T00:00:00-03:00`);
}

const text = (v: unknown, name: string): string => {
  if (typeof v !== 'string' || !v.trim() || v.length > 64) throw new BadRequestException(`Filtro ${name} inválido: informe um texto de até 64 caracteres.`);
  return v.trim();
};

/**
 * The audit trail: the list and its export, the chain's verification and the retention job
 * (AUDIT_RETENTION_DAYS, default 5 years), which deletes older entries and records that it did.
 */
@Injectable()
export class AuditoriaService implements PeriodicJob, OnApplicationBootstrap {
  readonly name = 'AuditoriaRetencao';
  readonly everyMs = 6 * 60 * 60_000;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobScheduler,
  ) {}

  onApplicationBootstrap(): void {
    this.jobs.schedule(this, { now: true });
  }


  async list(req: ListRequest): Promise<[Auditoria[], number]> {
    const f = req.filter;
    const qb = this.ds.getRepository(Auditoria).createQueryBuilder('a');
    if (f.atorId !== undefined) qb.andWhere('a.atorId = :atorId', { atorId: text(f.atorId, 'atorId') });
    if (f.atorTipo !== undefined) qb.andWhere('a.atorTipo = :atorTipo', { atorTipo: text(f.atorTipo, 'atorTipo') });
    if (f.entidade !== undefined) qb.andWhere('a.entidade = :entidade', { entidade: text(f.entidade, 'entidade') });
    if (f.entidadeId !== undefined) qb.andWhere('a.entidadeId = :entidadeId', { entidadeId: text(f.entidadeId, 'entidadeId') });
    // A client's or registro's own trail: its entries and those of its parts (documents, charges...),
    // and, written before the context columns existed, the entries filed under it.
    for (const [filtro, entidade] of [['clienteId', 'clientes'], ['registroId', 'registros']] as const) {
      if (f[filtro] === undefined) continue;
      const id = text(f[filtro], filtro);
      qb.andWhere(new Brackets((w) => w.where(`a.${filtro} = :${filtro}`, { [filtro]: id }).orWhere(`(a.entidade = '${entidade}' AND a.entidadeId = :${filtro})`)));
    }
    if (f.acao !== undefined) {
      // 'registro' finds registro.status, registro.etapa...; 'registro.status' only that one.
      const acao = text(f.acao, 'acao');
      qb.andWhere(new Brackets((w) => w.where('a.acao = :acao', { acao }).orWhere('a.acao LIKE :prefixo', { prefixo: `${acao.replace(/[%_]/g, '')}.%` })));
    }
    if (f.de !== undefined) qb.andWhere('a.em >= :de', { de: dayStart(f.de, 'de') });
    if (f.ate !== undefined) qb.andWhere('a.em < :ate', { ate: new Date(dayStart(f.ate, 'ate').getTime() + DAY_MS) });
    // seq breaks ties in the same direction (runList's ASC tie-breaker would override a seq sort).
    qb.orderBy(req.sortColumn, req.sortOrder);
    if (req.sortColumn !== 'a.seq') qb.addOrderBy('a.seq', req.sortOrder);
    return qb.skip(req.skip).take(req.take).getManyAndCount();
  }

  /**
   * Walks the chain in seq order, a batch at a time: each entry's hash must be that of its content
   * and prev_hash, and its prev_hash the hash of the entry before (the oldest kept entry's
   * prev_hash is trusted: older ones may have been pruned); the last must be the head's.
   */
  async verify(): Promise<AuditoriaVerificacao> {
    const repo = this.ds.getRepository(Auditoria);
    let checked = 0;
    let prev: Auditoria | null = null;
    for (;;) {
      const qb = repo.createQueryBuilder('a').orderBy('a.seq', 'ASC').take(VERIFY_BATCH);
      if (prev) qb.where('a.seq > :seq', { seq: prev.seq });
      const rows = await qb.getMany();
      for (const a of rows) {
        const broken = (reason: string): AuditoriaVerificacao => ({ ok: false, checked, firstBroken: { id: a.id, seq: Number(a.seq), reason } });
        if (prev && Number(a.seq) !== Number(prev.seq) + 1) return broken(`Falta a entrada ${Number(prev.seq) + 1} (sequência interrompida).`);
        if (prev && a.prevHash !== prev.hash) return broken('O hash anterior não confere com a entrada precedente.');
        if (auditHash(a) !== a.hash) return broken('O conteúdo da entrada não confere com o seu hash.');
        checked += 1;
        prev = a;
      }
      if (rows.length < VERIFY_BATCH) break;
    }
    const head = await this.ds.getRepository(AuditoriaCadeia).findOneBy({ id: 1 });
    if (prev && head && (Number(head.seq) !== Number(prev.seq) || head.hash !== prev.hash)) {
      return { ok: false, checked, firstBroken: { id: prev.id, seq: Number(prev.seq), reason: 'A última entrada não é a registrada como fim da cadeia (entradas removidas no fim).' } };
    }
    return { ok: true, checked, firstBroken: null };
  }

  /** Deletes entries older than the retention and records the pruning (as the system). Answers how many went. */
  runOnce(now: Date = new Date()): Promise<number> {
    return runInContext({ actor: { kind: 'sistema', id: null } }, () =>
      withTransaction(this.ds, async (m) => {
        const limite = new Date(now.getTime() - this.config.audit.retentionDays * DAY_MS);
        const { affected } = await m.delete(Auditoria, { em: LessThan(limite) });
        const removidas = affected ?? 0;
        if (removidas) {
          await appendAudit(m, { acao: 'auditoria.expurgo', entidade: 'auditoria', diff: { removidas: [null, removidas], anterioresA: [null, limite.toISOString()] } });
        }
        return removidas;
      }),
    );
  }
}
