import { ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CLIENTE_CANCEL_ONLY, clienteTransitionRefusal, RegistroDetalheResponse, RegistroStatus, transitionRefusal } from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { CalendarioService } from '../calendario';
import { RegistroCobrancas } from './registro-cobrancas';
import { withTransaction } from '../platform/database';
import { clienteOf } from '@veritas/common';
import { PolicyService } from '../platform/access';
import { UpdateStatusDto } from './dto/registro.dto';
import { Registro } from './entities/registro.entity';
import { Autor, RegistroHistoricoService } from './registro-historico.service';
import { CHANGED_MEANWHILE } from './registro-messages';
import { RegistroNotifier } from './registro-notifier';
import { statusMove } from './registro-status';
import { RegistrosQueryService } from './registros-query.service';

/**
 * A registro's status: PUT /api/registros/:id/status (who may ask for which move, the charge at
 * conclusion, the client's e-mail), and the same move made by another one (a stage started or
 * finished) inside that move's transaction. Both write it through transitionInTransaction.
 */
@Injectable()
export class RegistroStatusService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly calendario: CalendarioService,
    private readonly query: RegistrosQueryService,
    private readonly historico: RegistroHistoricoService,
    private readonly notifier: RegistroNotifier,
    private readonly cobrancas: RegistroCobrancas,
    private readonly policy: PolicyService,
  ) {}

  async changeStatus(actor: AuthPrincipal, id: string, dto: UpdateStatusDto): Promise<RegistroDetalheResponse> {
    // Its client, its responsible or the board (the policy's registro.status); a client only cancels.
    const r = await this.policy.require<Registro>(actor, 'registro.status', id);
    const from = r.status;
    const to = dto.status;
    const cliente = clienteOf(actor) !== null;
    if (cliente) {
      const refusal = clienteTransitionRefusal(from, to);
      if (refusal) {
        if (to === 'cancelado') throw new ConflictException(refusal);
        throw new ForbiddenException(CLIENTE_CANCEL_ONLY);
      }
    }
    const refusal = transitionRefusal(from, to);
    if (refusal) throw new ConflictException(refusal);

    const days = await this.calendario.daysFor(r.juntaUf);
    const autor = await this.historico.autor(actor);
    // A client's own words are always visible to it; staff notes are internal unless marked.
    const notaVisivel = cliente ? true : dto.visivelCliente === true;
    await withTransaction(this.ds, async (m) => {
      await this.transitionInTransaction(m, r, to, autor, days, dto.note ?? null, notaVisivel);
      // Issue 12: its charge, when the firm charges at conclusion.
      if (to === 'concluido') await this.cobrancas.chargeRegistro(m, r, 'conclusao', { id: autor.id, nome: autor.nome });
    });

    const detalhe = await this.query.getDetalhe(actor, r.id);
    // After the commit and outside it: a mail failure never undoes or blocks the change.
    await this.notifier.statusChanged(r.clienteId, detalhe, from, to, notaVisivel ? dto.note ?? null : null);
    return detalhe;
  }

  /**
   * A status change inside the caller's transaction (changeStatus's own, or issue 11's other moves: a
   * stage started or finished): the table of transitions, the clock rule on the registro's Junta
   * calendar (`days`: CalendarioService.daysFor, read before the transaction), the history line. The
   * caller sends the e-mail (notifier.statusChanged) after the commit.
   */
  async transitionInTransaction(
    m: EntityManager,
    r: Registro,
    to: RegistroStatus,
    autor: Autor,
    days: ReadonlySet<string>,
    nota: string | null = null,
    notaVisivel = true,
  ): Promise<void> {
    const from = r.status;
    const refusal = transitionRefusal(from, to);
    if (refusal) throw new ConflictException(refusal);
    const now = new Date();
    // Conditional on the status read: of two concurrent changes, the second finds 0 rows.
    const result = await m
      .createQueryBuilder()
      .update(Registro)
      .set({ ...statusMove(r, to, this.calendario.today(), days, now), updatedAt: now })
      .where('id = :id AND status = :from', { id: r.id, from })
      // Issue 11: an exigência opened meanwhile changed the clock this decision was made on.
      .andWhere(r.exigenciaPrazo === null ? 'exigenciaPrazo IS NULL' : 'exigenciaPrazo = :ep', { ep: r.exigenciaPrazo })
      .execute();
    if (!result.affected) throw new ConflictException(CHANGED_MEANWHILE);
    await this.historico.addHistorico(m, r.id, autor, 'status', from, to, nota, notaVisivel, true);
  }
}
