import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatBRL, formatDateBR, PORTAL_PATHS, type CobrancaDetalheResponse } from '@veritas/common';
import { queries } from '../lib/queries';
import { OPENED_HERE, useCloseDialog } from '../portal/navigation';
import { Dialog } from '../ui/Dialog';
import { ErrorNotice, Notice } from '../ui/Notice';
import { aPagar, cobrancaNome, cobrancaStatus } from './cobranca';
import { Pagamentos } from './Pagamentos';
import { Pix } from './Pix';

/**
 * /cliente/financeiro/:id — a charge as a dialog over the list: its lines, due date and balance,
 * its PIX while there is something to pay, and the receipts of its payments. It comes from the
 * client's own list (the API has no client read of one charge): opened from the list, nothing is asked.
 */
export function CobrancaDialog() {
  const { id = '' } = useParams();
  const list = useQuery(queries.cobrancas());
  const close = useCloseDialog(PORTAL_PATHS.financeiro);
  const c = list.data?.data.find((x) => x._id === id);
  return (
    <Dialog title={c ? cobrancaNome(c) : 'Cobrança'} onClose={close}>
      <ErrorNotice error={list.error} />
      {list.isPending && (
        <p className="muted" role="status">
          Carregando...
        </p>
      )}
      {list.data && !c && <Notice kind="error">Cobrança não encontrada.</Notice>}
      {c && <Detalhe c={c} />}
    </Dialog>
  );
}

function Detalhe({ c }: { c: CobrancaDetalheResponse }) {
  return (
    <div className="cobranca">
      <dl className="details">
        <div className="details__row">
          <dt>Situação</dt>
          <dd>{cobrancaStatus(c)}</dd>
        </div>
        <div className="details__row">
          <dt>Vencimento</dt>
          <dd>{formatDateBR(c.vencimento)}</dd>
        </div>
        {c.linhas.map((l, i) => (
          <div key={`${l.descricao}-${i}`} className="details__row">
            <dt>{l.descricao}</dt>
            <dd>{formatBRL(l.valor)}</dd>
          </div>
        ))}
        <div className="details__row">
          <dt>Pago</dt>
          <dd>{formatBRL(c.pago)}</dd>
        </div>
        <div className="details__row">
          <dt>Saldo</dt>
          <dd>{formatBRL(c.saldo)}</dd>
        </div>
        {c.registroId && c.registroNumero && (
          <div className="details__row">
            <dt>Registro</dt>
            <dd>
              <Link to={PORTAL_PATHS.registro(c.registroId)} state={OPENED_HERE}>{c.registroNumero}</Link>
            </dd>
          </div>
        )}
      </dl>
      {aPagar(c) && (
        <>
          <h3 className="subhead">Pagar com PIX</h3>
          <Pix id={c._id} />
        </>
      )}
      <Pagamentos cobranca={c} />
    </div>
  );
}
