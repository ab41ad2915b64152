import { Injectable } from '@nestjs/common';
import { RegistroExigencia } from '../exigencias';
import { RegistroDeadlineSource } from './registro-deadlines';

/**
 * The last day to meet each open exigência (registro_exigencias.prazo: 30 calendar days from the
 * round's first notice), as an all-day item of the registro's responsible: "prazo-exigencia".
 * A met one is not shown.
 */
@Injectable()
export class ExigenciaPrazoSource extends RegistroDeadlineSource {
  readonly kind = 'prazo-exigencia';

  protected deadlines() {
    const qb = this.ds
      .getRepository(RegistroExigencia)
      .createQueryBuilder('x')
      .innerJoin('registros', 'r', 'r.id = x.registroId')
      .innerJoin('clientes', 'c', 'c.id = r.clienteId')
      .select(['x.id AS id', 'NULL AS nome', 'x.prazo AS prazo', 'r.id AS registroId', 'r.numero AS numero', 'r.responsavelId AS responsavelId', 'c.razaoSocial AS clienteNome'])
      .where('x.cumpridaEm IS NULL');
    return { qb, prazoCol: 'x.prazo', idCol: 'x.id', titulo: (r: { numero: string }) => `Exigência: prazo final — ${r.numero}`, uid: 'exigencia' };
  }
}
