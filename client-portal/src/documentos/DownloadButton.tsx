import { useState } from 'react';
import type { DocumentoResponse } from '@veritas/common';
import { download, errorMessage, UNEXPECTED } from '../lib/api';

/** Saves the document under its own name; the first download is recorded by the server. */
export function DownloadButton({ doc, onDownloaded }: { doc: DocumentoResponse; onDownloaded?: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="button button--primary button--small"
        aria-label={`Download de ${doc.titulo}`}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await download(doc);
            onDownloaded?.();
          } catch (e) {
            setError(errorMessage(e, UNEXPECTED));
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Baixando...' : 'Download'}
      </button>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
