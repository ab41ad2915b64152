import { formatDateTimeBR, type RegistroHistoricoResponse } from '@veritas/common';

function headline(h: RegistroHistoricoResponse): string {
  if (h.evento === 'criacao') return 'Solicitação enviada';
  if (h.evento === 'status') return `Status: ${h.paraLabel ?? h.para}`;
  if (h.evento === 'etapa') return `Etapa: ${h.paraLabel ?? h.para}`;
  if (h.evento === 'exigencia') return h.de ? `Exigência ${(h.paraLabel ?? h.para ?? '').toLowerCase()}` : 'Exigência da Junta Comercial';
  if (h.evento === 'junta') return `Junta Comercial: ${h.paraLabel ?? h.para}`;
  return 'Responsável alterado';
}

/** The client-visible history of a registro, oldest first (the server leaves out internal lines and notes). */
export function Timeline({ lines }: { lines: RegistroHistoricoResponse[] }) {
  if (!lines.length) return <p className="muted">Sem movimentações ainda.</p>;
  return (
    <ol className="timeline">
      {lines.map((h) => (
        <li key={h._id} className="timeline__item">
          <p className="timeline__head">
            <strong>{headline(h)}</strong>
            {h.evento === 'status' && h.deLabel && <span className="muted"> (antes: {h.deLabel})</span>}
          </p>
          <p className="timeline__meta">
            <time dateTime={h.data}>{formatDateTimeBR(h.data)}</time> · {h.autorTipo === 'cliente' ? 'por você' : `por ${h.autorNome}`}
          </p>
          {h.nota && <blockquote className="timeline__note">{h.nota}</blockquote>}
        </li>
      ))}
    </ol>
  );
}
