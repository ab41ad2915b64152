import { useState } from 'react';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { Button, useNotify } from 'react-admin';
import type { RegistroDetalheResponse } from '@veritas/common';
import { NovaCobrancaDialog } from '../financas/CobrancaDialogs';
import type { CobrancaValues } from '../financas/cobrancaForm';
import { useCan } from '../layout/Restricted';

/** Nova Cobrança filled in from a registro: its client, itself, and one honorário line at its price (editable before it is issued). */
export function cobrancaDoRegistro(r: Pick<RegistroDetalheResponse, '_id' | 'clienteId' | 'tipo' | 'numero' | 'valor'>): CobrancaValues {
  return {
    clienteId: r.clienteId,
    registroId: r._id,
    vencimento: null,
    linhas: [{ descricao: `${r.tipo} — protocolo ${r.numero}`, tipo: 'honorario', valor: r.valor }],
  };
}

/** "Cobrar" (issue 52): a charge for this registro, for who may issue charges. */
export function CobrarRegistro({ registro }: { registro: RegistroDetalheResponse }) {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  if (!useCan('financas.write')) return null;
  return (
    <>
      <Button label="Cobrar" onClick={() => setOpen(true)}>
        <RequestQuoteIcon />
      </Button>
      <NovaCobrancaDialog
        open={open}
        defaults={cobrancaDoRegistro(registro)}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          notify(`Cobrança do registro ${registro.numero} emitida.`, { type: 'success' });
        }}
      />
    </>
  );
}
