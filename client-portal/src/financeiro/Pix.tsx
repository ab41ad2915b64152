import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queries } from '../lib/queries';
import { ErrorNotice } from '../ui/Notice';

/** The charge's PIX: the QR code and "copia e cola" with a copy button. */
export function Pix({ id }: { id: string }) {
  const pix = useQuery(queries.pix(id));
  const [copied, setCopied] = useState(false);
  if (pix.error) return <ErrorNotice error={pix.error} />;
  if (!pix.data) return <p role="status">Carregando PIX...</p>;
  const { payload, qrSvg } = pix.data;
  return (
    <div className="pix">
      <img src={`data:image/svg+xml;utf8,${encodeURIComponent(qrSvg)}`} alt="QR code PIX" width={180} height={180} />
      <label className="field">
        <span>PIX copia e cola</span>
        <textarea readOnly value={payload} rows={3} />
      </label>
      <button
        type="button"
        className="button button--small"
        onClick={async () => {
          await navigator.clipboard.writeText(payload);
          setCopied(true);
        }}
      >
        {copied ? 'Código copiado' : 'Copiar código PIX'}
      </button>
    </div>
  );
}
