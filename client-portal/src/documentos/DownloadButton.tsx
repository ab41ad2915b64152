import type { DocumentoResponse } from '@veritas/common';
import { useBaixarDocumento } from '../lib/mutations';
import { ErrorNotice } from '../ui/Notice';

/** Saves the document under its own name; the first download is recorded by the server. */
export function DownloadButton({ doc }: { doc: DocumentoResponse }) {
  const baixar = useBaixarDocumento(doc);
  return (
    <>
      <button
        type="button"
        className="button button--primary button--small"
        aria-label={`Download de ${doc.titulo}`}
        disabled={baixar.isPending}
        onClick={() => baixar.mutate()}
      >
        {baixar.isPending ? 'Baixando...' : 'Download'}
      </button>
      <ErrorNotice error={baixar.error} />
    </>
  );
}
