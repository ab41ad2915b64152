import { useState } from 'react';
import { COBRANCA_STATUS_LABELS, type CobrancaDetalheResponse, formatBRL, formatDateBR, type ListEnvelope } from '@veritas/common';
import { downloadBlob, saveBlob } from '@veritas/web';
import { client, errorMessage, listQuery, UNEXPECTED, useApi } from '../lib/api';

type Cobranca = CobrancaDetalheResponse;

/** The charge's PIX: the QR code and "copia e cola" with a copy button. */
function Pix({ id }: { id: string }) {
  const pix = useApi<{ data: { payload: string; qrSvg: string } }>(`/api/cobrancas/${encodeURIComponent(id)}/pix`);
  const [copied, setCopied] = useState(false);
  if (pix.error) return <p className="notice notice--error" role="alert">{pix.error}</p>;
  if (!pix.data) return <p>Carregando PIX...</p>;
  const { payload, qrSvg } = pix.data.data;
  return (
    <div className="pix">
      <img src={`data:image/svg+xml;utf8,${encodeURIComponent(qrSvg)}`} alt="QR code PIX" width={180} height={180} />
      <label className="field">
        <span>PIX copia e cola</span>
        <textarea readOnly value={payload} rows={3} />
      </label>
      <button
        type="button"
        className="button button--small"
        onClick={async () => {
          await navigator.clipboard.writeText(payload);
          setCopied(true);
        }}
      >
        {copied ? 'Código copiado' : 'Copiar código PIX'}
      </button>
    </div>
  );
}

function ReciboButton({ c, pagamentoId, n }: { c: Cobranca; pagamentoId: string; n: number }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-label={`Recibo do pagamento ${n}`}
        onClick={async () => {
          setError(null);
          try {
            const blob = await client.guard(() =>
              downloadBlob(`/api/cobrancas/${encodeURIComponent(c._id)}/pagamentos/${encodeURIComponent(pagamentoId)}/recibo`, client.authHeaders()),
            );
            saveBlob(blob, `recibo-${c.txid}-${n}.pdf`);
          } catch (e) {
            setError(errorMessage(e, UNEXPECTED));
          }
        }}
      >
        Recibo (PDF)
      </button>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

function CobrancaCard({ c }: { c: Cobranca }) {
  const [pagar, setPagar] = useState(false);
  const status = COBRANCA_STATUS_LABELS[c.vencida ? 'vencida' : c.status];
  return (
    <article className="card cobranca" aria-label={`Cobrança de ${formatBRL(c.total)}`}>
      <h3>
        {c.linhas.map((l) => l.descricao).join(', ')} — {formatBRL(c.total)}
      </h3>
      <p>
        <strong>{status}</strong> · vencimento {formatDateBR(c.vencimento)} · saldo {formatBRL(c.saldo)}
        {c.registroNumero ? ` · registro ${c.registroNumero}` : ''}
      </p>
      {c.status === 'aberta' && c.saldo > 0 && (
        <>
          <button type="button" className="button button--primary button--small" aria-expanded={pagar} onClick={() => setPagar(!pagar)}>
            {pagar ? 'Ocultar PIX' : 'Pagar com PIX'}
          </button>
          {pagar && <Pix id={c._id} />}
        </>
      )}
      {c.pagamentos.length > 0 && (
        <ul className="pagamentos">
          {c.pagamentos.map((p, i) => (
            <li key={p._id}>
              {formatDateBR(p.data)} · {p.formaLabel} · {formatBRL(p.valor)} <ReciboButton c={c} pagamentoId={p._id} n={i + 1} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** 'Financeiro' (issue 12): the client's charges, open ones first, with PIX and receipts. */
export function FinanceiroTab({ version }: { version: number }) {
  const list = useApi<ListEnvelope<Cobranca>>(`/api/cobrancas/me${listQuery({}, { from: 0, to: 199 })}`, version);
  return (
    <section aria-labelledby="financeiro-title">
      <div className="section-head">
        <h2 id="financeiro-title">Financeiro</h2>
      </div>
      {list.error && (
        <p className="notice notice--error" role="alert">
          {list.error}
        </p>
      )}
      {list.loading && !list.data && <p>Carregando cobranças...</p>}
      {list.data && list.data.data.length === 0 && <p className="empty">Você não tem cobranças.</p>}
      {list.data && list.data.data.length > 0 && (
        <div className="doc-grid">
          {list.data.data.map((c) => (
            <CobrancaCard key={c._id} c={c} />
          ))}
        </div>
      )}
    </section>
  );
}
