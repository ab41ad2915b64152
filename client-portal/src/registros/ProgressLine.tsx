import { formatDateBR, RESPONSAVEL_TIPO_LABELS, type EtapaResponse, type PrevisaoResponse } from '@veritas/common';
import { type PassoLinha, passoLabel, previsaoTexto, progressLine } from '@veritas/web';

/** What a stage left unfinished by a closed registro says: it will not happen any more. */
const NAO_REALIZADA = 'Não realizada';

/**
 * A closed registro (cancelled, refused, concluded) has no current stage nor next one: what was
 * not finished is marked as not done, drawn as the stages still to come.
 */
function encerrada(line: PassoLinha[]): (PassoLinha & { interrompida?: boolean })[] {
  return line.map((p) => (p.estado === 'concluida' || p.estado === 'dispensada' ? p : { ...p, estado: 'futura', interrompida: true }));
}

/**
 * The registro's stages as a progress line (issue 11): done (with the end date and the note the
 * firm made visible), the current one, the next one with its predicted window, then the rest;
 * and the predicted completion of the whole process. `encerrado`: the registro is closed.
 */
export function ProgressLine({ etapas, previsao, encerrado = false }: { etapas: EtapaResponse[]; previsao?: PrevisaoResponse; encerrado?: boolean }) {
  const line = encerrado ? encerrada(progressLine(etapas)) : progressLine(etapas);
  if (!line.length) return null;
  const proxima = encerrado ? null : previsaoTexto(previsao?.proximaEtapa);
  const conclusao = encerrado ? null : previsaoTexto(previsao?.conclusao);
  return (
    <>
      {conclusao && (
        <p className="etapas-previsao" data-testid="previsao-conclusao">
          <strong>Conclusão do processo</strong> — previsão: {conclusao}
        </p>
      )}
      <ol className="etapas-line" aria-label="Etapas do processo">
        {line.map((passo) => {
          const { etapa: e, estado } = passo;
          return (
            <li key={e._id} className={`etapas-line__step etapas-line__step--${estado}`} aria-current={estado === 'atual' ? 'step' : undefined}>
              <p className="etapas-line__head">
                <strong>{e.nome}</strong> <span className="etapas-line__estado">{'interrompida' in passo ? NAO_REALIZADA : passoLabel(passo)}</span>
              </p>
              <p className="etapas-line__meta">
                {[
                  RESPONSAVEL_TIPO_LABELS[e.responsavelTipo],
                  e.inicio && estado === 'atual' && `iniciada em ${formatDateBR(e.inicio)}`,
                  e.fim && `${estado === 'dispensada' ? 'dispensada' : 'concluída'} em ${formatDateBR(e.fim)}`,
                  e.protocolo && `protocolo ${e.protocolo}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              {estado === 'atual' && proxima && <p className="etapas-line__previsao">Previsão: {proxima}</p>}
              {e.nota && estado !== 'dispensada' && <blockquote className="timeline__note">{e.nota}</blockquote>}
            </li>
          );
        })}
      </ol>
    </>
  );
}
