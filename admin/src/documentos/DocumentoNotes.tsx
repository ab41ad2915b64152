import { Typography } from '@mui/material';
import { formatDateTimeBR, type DocumentoResponse } from '@veritas/common';

/**
 * Where a document stands: for the firm's own documents, when the client first downloaded it
 * (the proof of delivery); for a client's upload, when the staff first opened it.
 */
export function DeliveryText({ doc }: { doc: DocumentoResponse }) {
  if (doc.enviadoPor === 'equipe') {
    return doc.baixadoClienteEm ? (
      <Typography variant="body2" sx={{ color: 'success.dark' }}>
        Baixado pelo cliente em {formatDateTimeBR(doc.baixadoClienteEm)}
      </Typography>
    ) : (
      <Typography variant="body2" color="text.secondary">
        Ainda não baixado pelo cliente
      </Typography>
    );
  }
  return doc.lidoEquipeEm ? (
    <Typography variant="body2" color="text.secondary">
      Aberto pela equipe em {formatDateTimeBR(doc.lidoEquipeEm)}
    </Typography>
  ) : (
    <Typography variant="body2" sx={{ color: 'warning.dark', fontWeight: 600 }}>
      Novo: ainda não aberto pela equipe
    </Typography>
  );
}

/** Who sent it and when. */
export function SenderText({ doc }: { doc: DocumentoResponse }) {
  return (
    <Typography variant="body2">
      {doc.enviadoPorNome}
      <Typography component="span" variant="caption" color="text.secondary">
        {' '}
        ({doc.enviadoPor === 'equipe' ? 'escritório' : 'cliente'}) · {formatDateTimeBR(doc.data)}
      </Typography>
    </Typography>
  );
}
