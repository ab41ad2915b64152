import { useQuery } from '@tanstack/react-query';
import { PORTAL_PATHS } from '@veritas/common';
import { useCliente } from '../auth/RequireCliente';
import { queries } from '../lib/queries';
import { useCloseDialog } from '../portal/navigation';
import { Dialog } from '../ui/Dialog';
import { ErrorNotice } from '../ui/Notice';
import { Contato } from './Contato';
import { CopiaDosDados } from './CopiaDosDados';
import { Correcao } from './Correcao';
import { Eliminacao } from './Eliminacao';
import { Notificacoes } from './Notificacoes';
import { Pedidos } from './Pedidos';
import { Sessoes } from './Sessoes';
import { usePode } from '../membros/capacidades';
import { MeuAcesso } from '../membros/MeuAcesso';

/**
 * /cliente/meus-dados — "Meus dados" (LGPD, art. 18) as a dialog over the dashboard: a copy of
 * everything the firm holds about the client, the correction of its data and the request to erase
 * it, with the requests made so far; which optional e-mails it gets (Notificações).
 */
export function MeusDados() {
  const cliente = useCliente();
  const close = useCloseDialog(PORTAL_PATHS.dashboard);
  // The company's own data and requests are the Responsável's (issue 54); every member has its own access.
  const daEmpresa = usePode('membros');
  const pedidos = useQuery({ ...queries.solicitacoesTitular(), enabled: daEmpresa });
  const list = pedidos.data ?? [];
  const ultimaCopia = list.find((s) => s.tipo === 'exportacao') ?? null;
  const eliminacaoPendente = list.some((s) => s.tipo === 'eliminacao' && s.status === 'pendente');
  return (
    <Dialog title="Meus dados" onClose={close}>
      <div className="meus-dados">
        <MeuAcesso />
        {daEmpresa && (
          <>
            <ErrorNotice error={pedidos.error} />
            <CopiaDosDados pedido={ultimaCopia} />
            <Contato cliente={cliente} />
            <Notificacoes />
            <Correcao cliente={cliente} />
            <Eliminacao pendente={eliminacaoPendente} />
            <Pedidos list={list} />
          </>
        )}
        <Sessoes />
      </div>
    </Dialog>
  );
}
