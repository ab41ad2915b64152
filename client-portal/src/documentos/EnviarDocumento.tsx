import { useQuery } from '@tanstack/react-query';
import { PORTAL_PATHS } from '@veritas/common';
import { ALL, queries } from '../lib/queries';
import { useCloseDialog } from '../portal/navigation';
import { Dialog } from '../ui/Dialog';
import { UploadForm } from './UploadForm';

/** /cliente/novo-documento — 'Enviar Documento' as a dialog over the documents, offering the registros to link it to. */
export function EnviarDocumento() {
  const close = useCloseDialog(PORTAL_PATHS.documentos);
  const registros = useQuery(queries.registros({ range: ALL }));
  return (
    <Dialog title="Enviar Documento" onClose={close}>
      <UploadForm registros={registros.data?.data} />
    </Dialog>
  );
}
