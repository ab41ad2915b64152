import { formatBRL, formatDateTimeBR, type RegistroResponse } from '@veritas/common';
import { StatusBadge } from '../ui/StatusBadge';
import { prazoText } from './prazo';

/** A registro's own data: service, status, dates, due date, price, who handles it, what was asked. */
export function RegistroDados({ r }: { r: RegistroResponse }) {
  return (
    <dl className="details">
      <div className="details__row">
        <dt>Serviço</dt>
        <dd>{r.tipo}</dd>
      </div>
      <div className="details__row">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={r.status} />
        </dd>
      </div>
      <div className="details__row">
        <dt>Solicitado em</dt>
        <dd>{formatDateTimeBR(r.data)}</dd>
      </div>
      <div className="details__row">
        <dt>Prazo</dt>
        <dd>{prazoText(r)}</dd>
      </div>
      {r.valor !== null && (
        <div className="details__row">
          <dt>Valor</dt>
          <dd>{formatBRL(r.valor)}</dd>
        </div>
      )}
      <div className="details__row">
        <dt>Responsável</dt>
        <dd>{r.responsavelNome ?? 'Aguardando atribuição'}</dd>
      </div>
      <div className="details__row">
        <dt>Descrição</dt>
        <dd className="pre-line">{r.descricao}</dd>
      </div>
    </dl>
  );
}
