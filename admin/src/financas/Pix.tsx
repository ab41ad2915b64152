import { Alert, Box, Button } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage, errorStatus } from '@veritas/web';
import { CopyField } from '../layout/CopyField';
import { useFinancasApi } from '../providers/financasMethods';

/**
 * PIX copia e cola with a copy button, and the QR code (an image of the server's SVG), for the
 * balance shown: the code is asked again when the balance changes (a payment), never for the old
 * one, and a 409 (nothing left to pay, the charge just settled) is not asked again (issue 52).
 */
export function Pix({ id, saldo }: { id: string; saldo: number }) {
  const api = useFinancasApi();
  const notify = useNotify();
  const translate = useTranslate();
  const pix = useQuery({
    queryKey: ['cobranca-pix', id, saldo],
    queryFn: () => api.cobrancaPix(id),
    retry: (failures, error) => errorStatus(error) !== 409 && failures < 1,
  });
  if (pix.isError) return <Alert severity="warning">PIX indisponível: {errorMessage(pix.error, 'sem conexão com o servidor')}</Alert>;
  if (!pix.data) return null;
  const copy = async () => {
    await navigator.clipboard.writeText(pix.data.payload);
    notify(`resources.cobrancas.notifications.pixCopied`, { type: 'success' });
  };
  return (
    <Box component="section" aria-label="PIX" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <Box component="img" src={`data:image/svg+xml;utf8,${encodeURIComponent(pix.data.qrSvg)}`} alt="QR code PIX da cobrança" sx={{ width: 180, height: 180 }} />
      <Box sx={{ flex: 1, minWidth: 220 }}>
        <CopyField label="PIX copia e cola" value={pix.data.payload} multiline />
        <Button startIcon={<ContentCopyIcon />} onClick={copy} sx={{ mt: 1 }}>
          {translate('resources.cobrancas.actions.copiarPix')}
        </Button>
      </Box>
    </Box>
  );
}
