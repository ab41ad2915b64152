import { lazy, Suspense, useState } from 'react';
import { Box, Button, Chip, DialogActions, DialogContent, Tab, Tabs, Typography } from '@mui/material';
import { Link, useShowContext, useTranslate } from 'react-admin';
import { type ClienteResponse, formatBRL, formatDateBR, mailboxFilteredPath } from '@veritas/common';
import { useClientesApi } from '../providers/clientesMethods';
import { LoadingText } from '../layout/FormBits';
import { useCan } from '../layout/Restricted';
import { ConfirmedSend } from '../layout/ConfirmedSend';
import { InfoList, InfoSection } from '../layout/InfoList';
import { useFieldLabel } from '../layout/useFieldLabel';
import { RegistrosTab } from './RegistrosTab';
import { LinhaDoTempoTab } from './LinhaDoTempoTab';
import { MembrosTab } from './MembrosTab';
import { AuditoriaTrail } from '../auditoria/AuditoriaTrail';

// Both CNPJ tabs live in one chunk, loaded when one of them is first opened.
const DadosCnpj = lazy(() => import('./CnpjTabs').then((m) => ({ default: m.DadosCnpj })));
const DadosComplementares = lazy(() => import('./CnpjTabs').then((m) => ({ default: m.DadosComplementares })));

type Cliente = ClienteResponse & { id: string };

const TABS = ['Dados Básicos', 'Dados CNPJ', 'Dados Complementares', 'Registros', 'Linha do tempo', 'Membros'] as const;

function DadosBasicos({ cliente }: { cliente: ClienteResponse }) {
  const label = useFieldLabel('clientes');
  const f = (field: keyof ClienteResponse): [string, string] => [label(field), (cliente[field] as string | null) ?? ''];
  const tipo = cliente.tipoCliente;
  return (
    <>
      <InfoSection title="Empresa">
        <InfoList
          items={[
            f('razaoSocial'),
            f('nomeFantasia'),
            [label('cnpj'), cliente.cnpj ?? 'Ainda sem CNPJ (empresa em abertura)'],
            ...(cliente.cpf ? [f('cpf')] : []),
            [label('status'), <Chip key="s" size="small" label={cliente.status === 'ativo' ? 'Ativo' : 'Inativo'} color={cliente.status === 'ativo' ? 'success' : 'default'} />],
            f('email'),
            f('emailRF'),
            f('telefone'),
            f('celularWhatsApp'),
            f('nire'),
            f('cnes'),
            [label('createdAt'), formatDateBR(cliente.createdAt)],
          ]}
        />
      </InfoSection>
      <InfoSection title="Endereço">
        <InfoList items={[f('cep'), f('endereco'), f('numero'), f('complemento'), f('bairro'), f('cidade'), f('estado'), f('pais')]} />
      </InfoSection>
      <InfoSection title="Responsável">
        <InfoList
          items={[
            f('nomeCompletoResponsavel'),
            f('cargo'),
            [label('dataNascimento'), cliente.dataNascimento ? formatDateBR(cliente.dataNascimento) : ''],
            f('telefoneResponsavel'),
            f('celularWhatsAppResponsavel'),
          ]}
        />
      </InfoSection>
      <InfoSection title="Assinante do DBE">
        <InfoList
          items={[
            f('nomeCompletoAssinanteDBE'),
            f('cargoAssinanteDBE'),
            [label('dataNascimentoAssinanteDBE'), cliente.dataNascimentoAssinanteDBE ? formatDateBR(cliente.dataNascimentoAssinanteDBE) : ''],
          ]}
        />
      </InfoSection>
      <InfoSection title="Tipo de cliente">
        {/* Absent (not null) while the details show the list's row and the full record loads. */}
        {tipo === undefined ? (
          <LoadingText />
        ) : tipo ? (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              <strong>{tipo.nome}</strong>
              {!tipo.ativo && ' (inativo)'}
            </Typography>
            {tipo.servicos.length ? (
              <Box component="ul" sx={{ m: 0, pl: 2 }} aria-label="Serviços do tipo de cliente">
                {tipo.servicos.map((s, i) => (
                  <li key={i}>
                    {s.nome}: {formatBRL(s.valor)}
                  </li>
                ))}
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary">
                Nenhum serviço cadastrado
              </Typography>
            )}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Nenhum tipo de cliente atribuído.
          </Typography>
        )}
      </InfoSection>
    </>
  );
}

/** "Enviar redefinição de senha": asked for, then sent through the named dataProvider method, with the server's answer. */
function SendResetButton({ cliente }: { cliente: Cliente }) {
  const api = useClientesApi();
  const translate = useTranslate();
  return (
    <ConfirmedSend
      send={() => api.sendClientePasswordReset(cliente.id)}
      trigger={(open, pending) => (
        <Button variant="outlined" onClick={open} disabled={pending} sx={{ mr: 'auto' }}>
          {translate('resources.clientes.sendReset')}
        </Button>
      )}
      title="resources.clientes.resetDialog.title"
      content={translate('resources.clientes.confirmSendReset', { email: cliente.email })}
      confirm="resources.clientes.sendResetConfirm"
      sentKey="resources.clientes.resetNotifications.sent"
      errorKey="resources.clientes.resetNotifications.error"
    />
  );
}

/**
 * Detalhes do Cliente (§2.12), inside ShowBase: six tabs (the fifth, Linha do tempo, issue 56; the sixth, Membros, issue 54) and the footer Editar (who may edit),
 * Excluir (master only), Fechar, plus Enviar redefinição de senha for who may send it and Emails do
 * cliente (the mailbox narrowed to it) for who has a mailbox.
 */
export function ClienteDetails(props: { onEdit: () => void; onDelete: (cliente: Cliente) => void; onClose: () => void }) {
  const { onEdit, onDelete, onClose } = props;
  const { record: cliente, isPending } = useShowContext<Cliente>();
  const translate = useTranslate();
  const canEdit = useCan('clientes.write');
  const canDelete = useCan('clientes.delete');
  const canSendReset = useCan('clientes.sendReset');
  const canMail = useCan('mail');
  const [tab, setTab] = useState(0);
  return (
    <>
      <DialogContent dividers sx={{ minHeight: 320 }}>
        {isPending && <LoadingText />}
        {!isPending && !cliente && <Typography color="text.secondary">{translate('resources.clientes.empty.record')}</Typography>}
        {cliente && (
          <>
            <Tabs value={tab} onChange={(_, v: number) => setTab(v)} variant="scrollable" allowScrollButtonsMobile aria-label="Detalhes do cliente" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
              {TABS.map((t, i) => (
                <Tab key={t} label={t} id={`cliente-tab-${i}`} aria-controls={`cliente-tabpanel-${i}`} />
              ))}
            </Tabs>
            <Box role="tabpanel" id={`cliente-tabpanel-${tab}`} aria-labelledby={`cliente-tab-${tab}`}>
              <Suspense fallback={<LoadingText />}>
                {tab === 0 && (
                  <>
                    <DadosBasicos cliente={cliente} />
                    <AuditoriaTrail entidade="clientes" id={String(cliente.id)} />
                  </>
                )}
                {tab === 1 && <DadosCnpj clienteId={cliente.id} />}
                {tab === 2 && <DadosComplementares clienteId={cliente.id} />}
                {tab === 3 && <RegistrosTab clienteId={cliente.id} />}
                {tab === 4 && <LinhaDoTempoTab clienteId={cliente.id} />}
                {tab === 5 && <MembrosTab clienteId={cliente.id} />}
              </Suspense>
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {cliente && canSendReset && <SendResetButton cliente={cliente} />}
        {/* Issue 56: one's own mail filed under this client, in the mailbox. */}
        {cliente && canMail && (
          <Button component={Link} to={mailboxFilteredPath({ clienteId: String(cliente.id) })}>
            {translate('resources.clientes.emails')}
          </Button>
        )}
        {cliente && canEdit && (
          <Button variant="contained" onClick={onEdit}>
            {translate('panel.actions.edit')}
          </Button>
        )}
        {cliente && canDelete && (
          <Button color="error" variant="outlined" onClick={() => onDelete(cliente)}>
            {translate('panel.actions.delete')}
          </Button>
        )}
        <Button onClick={onClose}>{translate('panel.actions.close')}</Button>
      </DialogActions>
    </>
  );
}
