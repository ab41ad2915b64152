import { Injectable } from '@nestjs/common';
import { RegistroEtapa } from '../processos';
import { RegistroDeadlineSource } from './registro-deadlines';

/**
 * The expected end (registro_etapas.prazo) of each stage in progress, as an all-day item of the
 * registro's responsible: "prazo-etapa". A pending, concluded or waived stage is not shown.
 */
@Injectable()
export class EtapaPrazoSource extends RegistroDeadlineSource {
  readonly kind = 'prazo-etapa';

  protected deadlines() {
    const qb = this.ds
      .getRepository(RegistroEtapa)
      .createQueryBuilder('e')
      .innerJoin('registros', 'r', 'r.id = e.registroId')
      .innerJoin('clientes', 'c', 'c.id = r.clienteId')
      .select(['e.id AS id', 'e.nome AS nome', 'e.prazo AS prazo', 'r.id AS registroId', 'r.numero AS numero', 'r.responsavelId AS responsavelId', 'c.razaoSocial AS clienteNome'])
      .where('e.status = :andamento', { andamento: 'andamento' })
      .andWhere('e.prazo IS NOT NULL');
    return { qb, prazoCol: 'e.prazo', idCol: 'e.id', titulo: (r: { numero: string; nome: string | null }) => `Etapa: ${r.nome} — ${r.numero}`, uid: 'etapa' };
  }
}
