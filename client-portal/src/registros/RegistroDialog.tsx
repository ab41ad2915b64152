import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isFinalStatus, PORTAL_PATHS, type RegistroDetalheResponse } from '@veritas/common';
import { queries } from '../lib/queries';
import { useCloseDialog } from '../portal/navigation';
import { Dialog } from '../ui/Dialog';
import { ErrorNotice } from '../ui/Notice';
import { CancelarSolicitacao } from './CancelarSolicitacao';
import { Mensagens } from './Mensagens';
import { ChecklistCliente, ExigenciasCliente } from './Checklist';
import { ProgressLine } from './ProgressLine';
import { RegistroDados } from './RegistroDados';
import { RegistroDocumentos } from './RegistroDocumentos';
import { Timeline } from './Timeline';

/** /cliente/registros/:id — a registro's details as a dialog over the list. */
export function RegistroDialog() {
  const { id = '' } = useParams();
  return <RegistroDetalhes key={id} id={id} />;
}

function RegistroDetalhes({ id }: { id: string }) {
  const registro = useQuery(queries.registro(id));
  const close = useCloseDialog(PORTAL_PATHS.registros);
  const r = registro.data;
  return (
    <Dialog title={r ? `Registro ${r.numero}` : 'Registro'} onClose={close}>
      <ErrorNotice error={registro.error} />
      {r ? (
        <Conteudo r={r} />
      ) : (
        !registro.error && (
          <p className="muted" role="status">
            Carregando...
          </p>
        )
      )}
    </Dialog>
  );
}

/**
 * Its data, stages, the Junta's exigências and the document checklist while it is open, the
 * history, the documents, the conversation with the firm, and cancel while pendente. A closed registro asks nothing any more.
 */
function Conteudo({ r }: { r: RegistroDetalheResponse }) {
  const aberto = !isFinalStatus(r.status);
  return (
    <>
      <RegistroDados r={r} />
      {r.etapas && r.etapas.length > 0 && (
        <>
          <h3 className="subhead">Etapas do processo</h3>
          <ProgressLine etapas={r.etapas} previsao={r.previsao} encerrado={!aberto} />
        </>
      )}
      {aberto && r.exigencias && <ExigenciasCliente exigencias={r.exigencias} />}
      {r.checklist && <ChecklistCliente registroId={r._id} itens={r.checklist} aberto={aberto} />}
      <h3 className="subhead">Andamento</h3>
      <Timeline lines={r.historico} />
      <RegistroDocumentos registroId={r._id} aberto={aberto} />
      <Mensagens registroId={r._id} />
      {r.status === 'pendente' && <CancelarSolicitacao id={r._id} />}
    </>
  );
}
