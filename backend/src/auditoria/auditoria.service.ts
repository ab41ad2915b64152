import { BadRequestException, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, LessThan } from 'typeorm';
import { isIsoDate, type AuditoriaResponse, type AuditoriaVerificacao } from '@veritas/common';
import { toIso, withTransaction } from '../platform/database';
import type { ListRequest } from '../platform/read-side';
import { JobScheduler, PeriodicJob } from '../platform/jobs';
import { runInContext } from '../platform/request';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { type AuditoriaQuebra } from '@veritas/common';
import { auditMac, GENESIS_HASH } from '../platform/audit-chain';
import { AuditCheckpoints } from './audit-checkpoints';
import { appendAudit } from './audit-log';
import { type KeyFor, keySegments, rotateAuditKeyIfNeeded } from './audit-keys';
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
    private readonly checkpoints: AuditCheckpoints,
  ) {}

  /** A rotated key seals the old segment first (and a checkpoint records it), then the retention job starts. */
  async onApplicationBootstrap(): Promise<void> {
    if (await rotateAuditKeyIfNeeded(this.ds)) await this.checkpoints.write();
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
   * Walks the chain in seq order, a batch at a time (issue 55, ADR 0009): each entry's MAC must be
   * that of its content and prev_hash under the chain's key, its prev_hash the MAC of the entry
   * before, its seq the one after; the oldest kept entry must be seq 1 from the genesis, or the first
   * kept one the last pruning (or the re-keying) recorded; an entry a checkpoint names must still
   * carry the MAC the checkpoint saw; the last must be the head's, and not behind the newest signed
   * checkpoint (entries removed from the end). Answers the first bad entry and the kind of break.
   */
  async verify(): Promise<AuditoriaVerificacao> {
    const keyFor = await keySegments(this.ds);
    const repo = this.ds.getRepository(Auditoria);
    const pontos = await this.checkpoints.read();
    const ultimo = pontos.valid.at(-1) ?? null;
    const pontosDeControle = { total: pontos.valid.length, ultimo: ultimo && { seq: ultimo.seq, em: ultimo.em } };
    const macAt = new Map(pontos.valid.map((c) => [c.seq, c]));
    let checked = 0;
    const broken = (id: string | null, seq: number, tipo: AuditoriaQuebra, reason: string): AuditoriaVerificacao => ({ ok: false, checked, firstBroken: { id, seq, reason, tipo }, pontosDeControle });
    if (pontos.invalid.length) return broken(null, 0, 'ponto-de-controle', `Ponto de controle sem assinatura válida: ${pontos.invalid[0]} (arquivo alterado ou de outra chave).`);
    const start = await this.expectedStart(keyFor);
    let prev: Auditoria | null = null;
    for (;;) {
      const qb = repo.createQueryBuilder('a').orderBy('a.seq', 'ASC').take(VERIFY_BATCH);
      if (prev) qb.where('a.seq > :seq', { seq: prev.seq });
      const rows = await qb.getMany();
      for (const a of rows) {
        const seq = Number(a.seq);
        if (!prev) {
          if (seq === 1 && a.prevHash !== GENESIS_HASH) return broken(a.id, seq, 'inicio', 'A primeira entrada não parte do início da cadeia.');
          if (seq !== 1 && seq !== start) {
            return broken(a.id, seq, 'inicio', start === null ? `A cadeia começa na entrada ${seq}, sem registro de expurgo: as entradas mais antigas foram removidas.` : `A cadeia começa na entrada ${seq}, mas o último expurgo registrado manteve a partir da ${start}: entradas antigas removidas.`);
          }
        }
        if (prev && seq !== Number(prev.seq) + 1) return broken(a.id, seq, 'lacuna', `Falta a entrada ${Number(prev.seq) + 1} (sequência interrompida).`);
        if (prev && a.prevHash !== prev.hash) return broken(a.id, seq, 'encadeamento', 'O hash anterior não confere com a entrada precedente.');
        const { id: chave, key } = keyFor(seq);
        if (!key) return broken(a.id, seq, 'conteudo', `A entrada é da chave ${chave}, que não está no chaveiro (AUDIT_KEYRING ou DATA_DIR/audit-keyring): não pode ser conferida.`);
        if (auditMac(key, a) !== a.hash) return broken(a.id, seq, 'conteudo', 'O conteúdo da entrada não confere com o seu código de autenticação (entrada reescrita).');
        const ponto = macAt.get(seq);
        if (ponto && ponto.mac !== a.hash) return broken(a.id, seq, 'conteudo', `A entrada difere da vista pelo ponto de controle de ${ponto.em} (entrada reescrita).`);
        checked += 1;
        prev = a;
      }
      if (rows.length < VERIFY_BATCH) break;
    }
    const last = prev ? Number(prev.seq) : 0;
    if (ultimo && ultimo.seq > last) {
      return broken(null, last + 1, 'fim', `A cadeia termina na entrada ${last}, mas o ponto de controle de ${ultimo.em} registrou até a ${ultimo.seq}: entradas removidas no fim.`);
    }
    const head = await this.ds.getRepository(AuditoriaCadeia).findOneBy({ id: 1 });
    if (prev && head && (Number(head.seq) !== last || head.hash !== prev.hash)) {
      return broken(prev.id, last, 'fim', 'A última entrada não é a registrada como fim da cadeia (entradas removidas no fim).');
    }
    return { ok: true, checked, firstBroken: null, pontosDeControle };
  }

  /**
   * The first seq the chain must start at when entries were pruned: what the newest pruning (or the
   * re-keying) recorded in an entry whose MAC holds (a forged one is reported by the walk); null when none.
   */
  private async expectedStart(keyFor: KeyFor): Promise<number | null> {
    const [anchor] = await this.ds
      .getRepository(Auditoria)
      .createQueryBuilder('a')
      .where('a.acao IN (:...acoes)', { acoes: ['auditoria.expurgo', 'auditoria.chave'] })
      .orderBy('a.seq', 'DESC')
      .take(1)
      .getMany();
    const key = anchor && keyFor(Number(anchor.seq)).key;
    if (!anchor || !key || auditMac(key, anchor) !== anchor.hash) return null;
    try {
      const kept = (JSON.parse(anchor.diff ?? '{}') as { primeiraMantida?: [unknown, unknown] }).primeiraMantida?.[1];
      return typeof kept === 'number' ? kept : null;
    } catch {
      return null;
    }
  }

  /** Deletes entries older than the retention and records the pruning (as the system). Answers how many went. */
  runOnce(now: Date = new Date()): Promise<number> {
    return runInContext({ actor: { kind: 'sistema', id: null } }, () =>
      withTransaction(this.ds, async (m) => {
        const limite = new Date(now.getTime() - this.config.audit.retentionDays * DAY_MS);
        // The head's lock first: no entry is appended between the pruning and its record.
        await m.query('UPDATE auditoria_cadeia SET seq = seq WHERE id = 1');
        // A prefix of the chain only (seq below the first entry still in retention), never a hole in it.
        const { s: keep } = (await m.getRepository(Auditoria).createQueryBuilder('a').select('MIN(a.seq)', 's').where('a.em >= :limite', { limite }).getRawOne<{ s: unknown }>()) ?? { s: null };
        const { affected } = keep == null ? await m.delete(Auditoria, { em: LessThan(limite) }) : await m.delete(Auditoria, { seq: LessThan(Number(keep)) });
        const removidas = affected ?? 0;
        if (removidas) {
          const [head] = await m.query('SELECT seq FROM auditoria_cadeia WHERE id = 1');
          // The first seq kept: what the verification holds the chain's start to (the record itself when nothing is left).
          const primeiraMantida = keep == null ? Number(head.seq) + 1 : Number(keep);
          await appendAudit(m, { acao: 'auditoria.expurgo', entidade: 'auditoria', diff: { removidas: [null, removidas], anterioresA: [null, limite.toISOString()], primeiraMantida: [null, primeiraMantida] } });
        }
        return removidas;
      }),
    );
  }
}
