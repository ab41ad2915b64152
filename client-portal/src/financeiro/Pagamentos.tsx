import { type CobrancaDetalheResponse, formatBRL, formatDateBR } from '@veritas/common';
import { useBaixarRecibo } from '../lib/mutations';
import { ErrorNotice } from '../ui/Notice';

/** A charge's payments, each with its receipt (PDF). */
export function Pagamentos({ cobranca }: { cobranca: CobrancaDetalheResponse }) {
  const recibo = useBaixarRecibo();
  if (!cobranca.pagamentos.length) return null;
  return (
    <>
      <h3 className="subhead">Pagamentos</h3>
      <ul className="pagamentos" aria-label="Pagamentos">
        {cobranca.pagamentos.map((p, i) => (
          <li key={p._id}>
            {formatDateBR(p.data)} · {p.formaLabel} · {formatBRL(p.valor)}{' '}
            <button
              type="button"
              className="button button--small"
              aria-label={`Recibo do pagamento ${i + 1}`}
              disabled={recibo.isPending}
              onClick={() => recibo.mutate({ cobranca, pagamentoId: p._id, n: i + 1 })}
            >
              Recibo (PDF)
            </button>
          </li>
        ))}
      </ul>
      <ErrorNotice error={recibo.error} />
    </>
  );
}
