import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDateBR } from '@veritas/common';
import { queries } from '../lib/queries';

/** One thing to do: its kind as a tag, what and where, and the registro it opens. */
function Acao({ tag, urgente, onClick, children }: { tag: string; urgente?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <li>
      <button type="button" className="acao" onClick={onClick}>
        <span className={`acao__tag${urgente ? ' acao__tag--urgente' : ''}`}>{tag}</span>{' '}
        <span className="acao__texto">{children}</span>
        <span className="acao__abrir" aria-hidden="true">
          ›
        </span>
      </button>
    </li>
  );
}

/**
 * "Aguardando você" (issue 11): what the client must do across its open registros — the Junta's
 * open exigências and the checklist documents to send (or send again) — each opening its registro.
 * Drawn as the portal's action list (issue 58): a row per action, its kind as a tag. Nothing
 * pending, nothing shown.
 */
export function AguardandoVoce({ onDetails }: { onDetails: (id: string) => void }) {
  const p = useQuery(queries.pendencias()).data;
  if (!p || (p.exigencias.length === 0 && p.documentos.length === 0)) return null;
  return (
    <section className="panel" aria-labelledby="aguardando-title">
      <div className="section-head">
        <h2 id="aguardando-title">Aguardando você</h2>
      </div>
      <ul className="acoes">
        {p.exigencias.map((e) => (
          <Acao key={e._id} tag="Exigência da Junta" urgente onClick={() => onDetails(e.registroId)}>
            <strong>{e.descricao}</strong>{' '}
            <span className="acao__meta">
              {e.registroNumero} ({e.registroTipo}) · prazo até {formatDateBR(e.prazo)}
            </span>
          </Acao>
        ))}
        {p.documentos.map((d) => (
          <Acao
            key={d._id}
            tag={d.status === 'recusado' ? 'Enviar novamente' : 'Enviar documento'}
            urgente={d.status === 'recusado'}
            onClick={() => onDetails(d.registroId)}
          >
            <strong>
              {d.nome}
              {!d.obrigatorio ? ' (opcional)' : ''}
            </strong>{' '}
            <span className="acao__meta">
              {d.registroNumero} ({d.registroTipo}){d.status === 'recusado' && d.motivo ? ` — recusado: ${d.motivo}` : ''}
            </span>
          </Acao>
        ))}
      </ul>
    </section>
  );
}
