import { lazy, Suspense, useState } from 'react';
import { Box, Button, Chip, DialogActions, DialogContent, Tab, Tabs, Typography } from '@mui/material';
import { type ClienteResponse, formatBRL, formatDateBR } from '@veritas/common';
import { LoadingText } from '../ui/FormBits';
import { InfoList, InfoSection } from '../layout/InfoList';
import { useFieldLabel } from '../layout/useFieldLabel';
import { RegistrosTab } from './RegistrosTab';

// Both CNPJ tabs live in one chunk, loaded when one of them is first opened.
const DadosCnpj = lazy(() => import('./CnpjTabs').then((m) => ({ default: m.DadosCnpj })));
const DadosComplementares = lazy(() => import('./CnpjTabs').then((m) => ({ default: m.DadosComplementares })));

const TABS = ['Dados Básicos', 'Dados CNPJ', 'Dados Complementares', 'Registros'] as const;

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
            f('cnpj'),
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
        {tipo ? (
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

/** Detalhes do Cliente (§2.12): four tabs and the footer Editar, Excluir (master only), Fechar. */
export function ClienteDetails(props: {
  cliente: ClienteResponse | null;
  loading: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const { cliente, loading, canDelete, onEdit, onDelete, onClose } = props;
  const [tab, setTab] = useState(0);
  return (
    <>
      <DialogContent dividers sx={{ minHeight: 320 }}>
        {loading && <LoadingText />}
        {!loading && !cliente && <Typography color="text.secondary">Nenhum cliente selecionado</Typography>}
        {cliente && (
          <>
            <Tabs value={tab} onChange={(_, v: number) => setTab(v)} variant="scrollable" allowScrollButtonsMobile aria-label="Detalhes do cliente" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
              {TABS.map((t, i) => (
                <Tab key={t} label={t} id={`cliente-tab-${i}`} aria-controls={`cliente-tabpanel-${i}`} />
              ))}
            </Tabs>
            <Box role="tabpanel" id={`cliente-tabpanel-${tab}`} aria-labelledby={`cliente-tab-${tab}`}>
              <Suspense fallback={<LoadingText />}>
                {tab === 0 && <DadosBasicos cliente={cliente} />}
                {tab === 1 && <DadosCnpj clienteId={cliente._id} />}
                {tab === 2 && <DadosComplementares clienteId={cliente._id} />}
                {tab === 3 && <RegistrosTab clienteId={cliente._id} />}
              </Suspense>
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {cliente && (
          <Button variant="contained" onClick={onEdit}>
            Editar
          </Button>
        )}
        {cliente && canDelete && (
          <Button color="error" variant="outlined" onClick={onDelete}>
            Excluir
          </Button>
        )}
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </>
  );
}
