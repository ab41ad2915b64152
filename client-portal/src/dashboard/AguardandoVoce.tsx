import { formatDateBR, type DataEnvelope, type PendenciasClienteResponse } from '@veritas/common';
import { useApi } from '../lib/api';

/**
 * "Aguardando você" (issue 11): what the client must do across its open registros — the Junta's
 * open exigências and the checklist documents to send (or send again) — each opening its registro.
 * Nothing pending, nothing shown.
 */
export function AguardandoVoce({ version, onDetails }: { version: number; onDetails: (id: string) => void }) {
  const pend = useApi<DataEnvelope<PendenciasClienteResponse>>('/api/registros/me/pendencias', version);
  const p = pend.data?.data;
  if (!p || (p.exigencias.length === 0 && p.documentos.length === 0)) return null;
  return (
    <section className="panel" aria-labelledby="aguardando-title">
      <div className="section-head">
        <h2 id="aguardando-title">Aguardando você</h2>
      </div>
      <ul className="aguardando__list">
        {p.exigencias.map((e) => (
          <li key={e._id}>
            <button type="button" className="link-button" onClick={() => onDetails(e.registroId)}>
              <strong>Exigência da Junta</strong> · {e.registroNumero} ({e.registroTipo}) — {e.descricao} · prazo até {formatDateBR(e.prazo)}
            </button>
          </li>
        ))}
        {p.documentos.map((d) => (
          <li key={d._id}>
            <button type="button" className="link-button" onClick={() => onDetails(d.registroId)}>
              <strong>{d.status === 'recusado' ? 'Enviar novamente' : 'Enviar documento'}</strong> · {d.nome} · {d.registroNumero} ({d.registroTipo})
              {d.status === 'recusado' && d.motivo ? ` — recusado: ${d.motivo}` : ''}
              {!d.obrigatorio ? ' (opcional)' : ''}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
