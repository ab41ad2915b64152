import { Typography } from '@mui/material';
import { formatDateTimeBR, type DocumentoResponse } from '@veritas/common';
import { deliveryText } from '@veritas/common';

/**
 * Where a document stands: for the firm's own documents, when the client first downloaded it
 * (the proof of delivery); for a client's upload, when the staff first opened it.
 */
export function DeliveryText({ doc }: { doc: DocumentoResponse }) {
  const text = deliveryText(doc);
  if (doc.enviadoPor === 'equipe') {
    return doc.baixadoClienteEm ? (
      <Typography variant="body2" sx={{ color: 'success.dark' }}>
        {text}
      </Typography>
    ) : (
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    );
  }
  return doc.lidoEquipeEm ? (
    <Typography variant="body2" color="text.secondary">
      {text}
    </Typography>
  ) : (
    <Typography variant="body2" sx={{ color: 'warning.dark', fontWeight: 600 }}>
      {text}
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
