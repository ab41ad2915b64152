import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, LessThan, Repository } from 'typeorm';
import { FILA_SAIDA_ESTADO_LABELS, FILA_SAIDA_ESTADOS, type FilaSaidaEstado, type FilaSaidaItem, type FilaSaidaResumo, filaSaidaEventoLabel } from '@veritas/common';
import { APP_CONFIG, type AppConfig } from '../platform/config';
import { readOutgoingMail } from '../platform/health';
import { likeContains, LIKE_ESCAPE, type ListRequest } from '../platform/read-side';
import { MailFiles } from '../platform/storage';
import { MailOutbox, type OutboxStatus } from './entities/mail-outbox.entity';
import { MailOutboxService, PARKED_UNTIL } from './mail-outbox.service';

export const MENSAGEM_NAO_ENCONTRADA = 'Mensagem não encontrada na fila de saída.';
export const JA_ENVIADA = 'Esta mensagem já foi enviada; não há o que reenviar nem cancelar.';
export const DESCARTADA = 'Descartada: a mensagem falhou e ficou sem reenvio pelo prazo de retenção; o conteúdo foi removido.';
export const CANCELADA = 'Esta mensagem foi cancelada e o seu conteúdo removido; ela não pode ser reenviada.';

const ESTADO: Readonly<Record<OutboxStatus, FilaSaidaEstado>> = { pending: 'aguardando', sent: 'enviado', failed: 'falhou', cancelled: 'cancelado' };
const STATUS: Readonly<Record<FilaSaidaEstado, OutboxStatus>> = { aguardando: 'pending', enviado: 'sent', falhou: 'failed', cancelado: 'cancelled' };
/** What an erased client's rows keep of their recipients and subject (LGPD, issue 53). */
const ELIMINADO = '(dados eliminados — LGPD)';

/**
 * The outbox as the board sees and steers it (issue 53): every system message with its state,
 * Reenviar (a failed or waiting message goes out now, its attempts counted afresh) and Cancelar
 * (it never goes out; its content is removed). A client's erasure cancels what is queued to it.
 */
@Injectable()
export class FilaSaidaService {
  constructor(
    @InjectRepository(MailOutbox) private readonly outbox: Repository<MailOutbox>,
    private readonly worker: MailOutboxService,
    private readonly files: MailFiles,
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Filters: estado (one or several), clienteId, q (recipient or subject). Paged and sorted in SQL. */
  async list(req: ListRequest): Promise<[FilaSaidaItem[], number]> {
    const qb = this.outbox.createQueryBuilder('o');
    const f = req.filter;
    if (f.estado !== undefined && f.estado !== '' && f.estado !== null) {
      const estados = (Array.isArray(f.estado) ? f.estado : [f.estado]).map(String);
      if (estados.some((e) => !FILA_SAIDA_ESTADOS.includes(e as FilaSaidaEstado))) {
        throw new BadRequestException(`Filtro estado inválido: use ${FILA_SAIDA_ESTADOS.join(', ')}.`);
      }
      qb.andWhere('o.status IN (:...status)', { status: estados.map((e) => STATUS[e as FilaSaidaEstado]) });
    }
    if (typeof f.clienteId === 'string' && f.clienteId) qb.andWhere('o.clienteId = :clienteId', { clienteId: f.clienteId });
    if (typeof f.q === 'string' && f.q.trim()) {
      qb.andWhere(`(o.para LIKE :q ${LIKE_ESCAPE} OR o.assunto LIKE :q ${LIKE_ESCAPE} OR o.summary LIKE :q ${LIKE_ESCAPE})`, { q: likeContains(f.q.trim()) });
    }
    const [rows, total] = await qb.orderBy(req.sortColumn, req.sortOrder).addOrderBy('o.id', 'ASC').skip(req.skip).take(req.take).getManyAndCount();
    return [rows.map(toItem), total];
  }

  resumo(): Promise<FilaSaidaResumo> {
    return readOutgoingMail(this.db, this.config.mail.relayUrl !== null);
  }

  /** A failed or waiting message is tried now, with a fresh count of attempts. */
  async reenviar(id: string): Promise<FilaSaidaItem> {
    const row = await this.find(id);
    if (row.status === 'sent') throw new ConflictException(JA_ENVIADA);
    if (row.status === 'cancelled') throw new ConflictException(CANCELADA);
    const changed = await this.outbox.update(
      { id, status: In(['pending', 'failed']), attempts: row.attempts },
      { status: 'pending', attempts: 0, nextAttemptAt: new Date(), updatedAt: new Date() },
    );
    // The answer is the row as queued again (the sender may take it the next moment).
    const queued = toItem(await this.find(id));
    // Otherwise another process claimed it in between: it is being tried right now.
    if (changed.affected === 1) this.worker.wake();
    return queued;
  }

  /** The message never goes out; its stored content (the payload file) is removed. */
  async cancelar(id: string): Promise<FilaSaidaItem> {
    const row = await this.find(id);
    if (row.status === 'sent') throw new ConflictException(JA_ENVIADA);
    if (row.status === 'cancelled') return toItem(row);
    const changed = await this.outbox.update({ id, status: In(['pending', 'failed']) }, { status: 'cancelled', payloadFile: '', nextAttemptAt: PARKED_UNTIL, updatedAt: new Date() });
    if (changed.affected !== 1) throw new ConflictException(JA_ENVIADA);
    await this.files.remove([row.payloadFile]);
    return toItem(await this.find(id));
  }

  /**
   * Retention (OUTBOX_FAILED_RETENTION_DAYS): messages that finally failed before `before` are
   * cancelled and their content removed, 500 at a time (ix_mail_outbox_updated); how many. A row
   * Reenviar took back meanwhile is left alone (the update only moves rows still failed).
   */
  async descartarFalhas(before: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await this.outbox.find({ where: { status: 'failed', updatedAt: LessThan(before) }, select: { id: true, payloadFile: true }, take: 500 });
      if (!rows.length) return total;
      const done: string[] = [];
      for (const row of rows) {
        const changed = await this.outbox.update(
          { id: row.id, status: 'failed' },
          { status: 'cancelled', payloadFile: '', lastError: DESCARTADA, nextAttemptAt: PARKED_UNTIL, updatedAt: new Date() },
        );
        if (changed.affected === 1) done.push(row.payloadFile);
      }
      await this.files.remove(done.filter(Boolean));
      total += done.length;
    }
  }

  /**
   * A client's erasure (LGPD), inside its transaction: what is queued to it is cancelled, and no row
   * keeps its address any more. Answers the payload files to remove once the transaction commits
   * (`removePayloads`); if the process stops before, the orphan sweep removes them (no row names them).
   */
  async cancelForErasure(m: EntityManager, clienteId: string): Promise<string[]> {
    const queued = await m.find(MailOutbox, { where: { clienteId, status: In(['pending', 'failed']) }, select: { id: true, payloadFile: true } });
    if (queued.length) {
      await m.update(MailOutbox, { id: In(queued.map((r) => r.id)) }, { status: 'cancelled', payloadFile: '', assunto: null, nextAttemptAt: PARKED_UNTIL, updatedAt: new Date() });
    }
    await m.update(MailOutbox, { clienteId }, { para: ELIMINADO, summary: ELIMINADO });
    return queued.map((r) => r.payloadFile);
  }

  removePayloads(names: string[]): Promise<void> {
    return this.files.remove(names);
  }

  /**
   * A client's login e-mail changed: what is queued to the old address goes to the new one, except a
   * password-reset link (asked for at the old address: it is cancelled). Runs after the change
   * committed; answers how many were re-targeted and cancelled. A message a sender is trying right now
   * keeps its old file until its attempt ends (the row changes only if its payload is still the same).
   */
  async retarget(clienteId: string, antigo: string, novo: string): Promise<{ redirecionadas: number; canceladas: number }> {
    const out = { redirecionadas: 0, canceladas: 0 };
    const same = (a: string) => a.trim().toLowerCase() === antigo.trim().toLowerCase();
    const rows = await this.outbox.find({ where: { clienteId, status: In(['pending', 'failed']) } });
    for (const row of rows) {
      if (row.evento === 'senha.redefinicao') {
        const done = await this.outbox.update({ id: row.id, status: In(['pending', 'failed']) }, { status: 'cancelled', payloadFile: '', nextAttemptAt: PARKED_UNTIL, updatedAt: new Date() });
        if (done.affected === 1) {
          await this.files.remove([row.payloadFile]);
          out.canceladas++;
        }
        continue;
      }
      const payload = JSON.parse((await this.files.read(row.payloadFile)).toString('utf8')) as { to: string[]; cc?: string[]; bcc?: string[]; subject: string };
      if (!payload.to.some(same)) continue;
      payload.to = payload.to.map((a) => (same(a) ? novo : a));
      const file = await this.files.write(JSON.stringify(payload), 'outbox-');
      const para = [...payload.to, ...(payload.cc ?? []), ...(payload.bcc ?? [])].join(', ');
      const done = await this.outbox.update(
        { id: row.id, payloadFile: row.payloadFile, status: In(['pending', 'failed']) },
        { payloadFile: file.name, para: para.slice(0, 500), summary: `"${payload.subject}" para ${para}`.slice(0, 500), updatedAt: new Date() },
      );
      await this.files.remove([done.affected === 1 ? row.payloadFile : file.name]);
      if (done.affected === 1) out.redirecionadas++;
    }
    if (out.redirecionadas) this.worker.wake();
    return out;
  }

  private async find(id: string): Promise<MailOutbox> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await this.outbox.findOne({ where: { id } }) : null;
    if (!row) throw new NotFoundException(MENSAGEM_NAO_ENCONTRADA);
    return row;
  }
}

function toItem(o: MailOutbox): FilaSaidaItem {
  const estado = ESTADO[o.status] ?? 'aguardando';
  const parked = o.nextAttemptAt.getTime() >= PARKED_UNTIL.getTime();
  return {
    _id: o.id,
    para: o.para ?? o.summary.replace(/^".*" para /s, ''),
    assunto: o.assunto ?? (/^"(.*)" para /s.exec(o.summary)?.[1] ?? ''),
    evento: o.evento,
    eventoLabel: filaSaidaEventoLabel(o.evento),
    estado,
    estadoLabel: FILA_SAIDA_ESTADO_LABELS[estado],
    tentativas: o.attempts,
    ultimoErro: o.lastError,
    proximaTentativa: estado === 'aguardando' && !parked ? o.nextAttemptAt.toISOString() : null,
    clienteId: o.clienteId,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}
