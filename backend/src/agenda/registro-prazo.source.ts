import { Injectable } from '@nestjs/common';
import { OPEN_REGISTRO_STATUSES } from '@veritas/common';
import { Registro } from '../registros';
import { RegistroDeadlineSource } from './registro-deadlines';

/**
 * The due date of each open registro (registros.prazo), as an all-day item of its responsible:
 * "prazo-registro". A paused registro has no due date and is not shown.
 */
@Injectable()
export class RegistroPrazoSource extends RegistroDeadlineSource {
  readonly kind = 'prazo-registro';

  protected deadlines() {
    const qb = this.ds
      .getRepository(Registro)
      .createQueryBuilder('r')
      .innerJoin('clientes', 'c', 'c.id = r.clienteId')
      .select(['r.id AS id', 'r.id AS registroId', 'r.numero AS numero', 'r.tipo AS nome', 'r.prazo AS prazo', 'r.responsavelId AS responsavelId', 'c.razaoSocial AS clienteNome'])
      .where('r.status IN (:...open)', { open: OPEN_REGISTRO_STATUSES });
    return { qb, prazoCol: 'r.prazo', idCol: 'r.id', titulo: (r: { numero: string; nome: string | null }) => `Prazo: ${r.numero} — ${r.nome}`, uid: 'prazo' };
  }
}
