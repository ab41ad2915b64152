import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { type CobrancaDetalheResponse, formatBRL, formatDateBR, PORTAL_PATHS } from '@veritas/common';
import { queries } from '../lib/queries';
import { useOpenDialog } from '../portal/navigation';
import { ErrorNotice } from '../ui/Notice';
import { aPagar, cobrancaNome, cobrancaStatus, cobrancaTitulo } from './cobranca';

function CobrancaCard({ c }: { c: CobrancaDetalheResponse }) {
  const open = useOpenDialog();
  return (
    <article className="card cobranca" aria-label={cobrancaNome(c)}>
      <h2>{cobrancaTitulo(c)}</h2>
      <p className="cobranca__valor">{formatBRL(c.total)}</p>
      <p className="cobranca__info">
        <strong>{cobrancaStatus(c)}</strong> · vencimento {formatDateBR(c.vencimento)} · saldo {formatBRL(c.saldo)}
      </p>
      <button
        type="button"
        className={`button button--small ${aPagar(c) ? 'button--primary' : 'button--outline'}`}
        onClick={() => open(PORTAL_PATHS.cobranca(c._id))}
      >
        {aPagar(c) ? 'Pagar com PIX' : 'Ver cobrança'}
      </button>
    </article>
  );
}

/** 'Financeiro' (issue 12): the client's charges, open ones first; each opens as a dialog with its PIX and receipts. */
export function FinanceiroTab() {
  const list = useQuery(queries.cobrancas());
  const rows = list.data?.data;
  return (
    <section aria-labelledby="financeiro-title">
      <div className="section-head">
        <h1 className="tab-title" id="financeiro-title">Financeiro</h1>
      </div>
      <ErrorNotice error={list.error} />
      {list.isPending && <p role="status">Carregando cobranças...</p>}
      {rows && rows.length === 0 && <p className="empty">Você não tem cobranças.</p>}
      {rows && rows.length > 0 && (
        <div className="cobranca-grid">
          {rows.map((c) => (
            <CobrancaCard key={c._id} c={c} />
          ))}
        </div>
      )}
      <Outlet />
    </section>
  );
}
