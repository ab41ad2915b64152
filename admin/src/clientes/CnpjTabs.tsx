/*
 * The Dados CNPJ and Dados Complementares tabs (§2.12, §3.5): CNPJá's "office" for the client's
 * CNPJ, from GET /api/clientes/:id/cnpj-info (served from the server's cache; Atualizar asks the
 * provider again). Its own chunk: the first screen never loads it.
 */
import { Alert, Box, Button, Chip, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { type CnpjLookupMeta, type DataMessageEnvelope, formatBRL, formatDateBR, formatDateTimeBR, maskCep, maskCnpj, maskPhone } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { useClientesApi } from '../providers/clientesMethods';
import { LoadingText } from '../layout/FormBits';
import { InfoList, InfoSection } from '../layout/InfoList';
import { RowsTable } from './RowsTable';
import { emailOwnership, formatCnae, personType, phoneType, text } from './cnpjFormat';

type Office = Record<string, any>;
type Answer = DataMessageEnvelope<Office | null, CnpjLookupMeta>;

/** The office (GET .../cnpj-info) and Atualizar (refresh=true), through the named dataProvider method. */
function useCnpjInfo(clienteId: string) {
  const api = useClientesApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const key = ['cnpj-info', clienteId];
  const query = useQuery({
    queryKey: key,
    queryFn: (): Promise<Answer> => api.getClienteCnpjInfo<Office>(clienteId),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const refresh = useMutation({
    mutationFn: (): Promise<Answer> => api.getClienteCnpjInfo<Office>(clienteId, { refresh: true }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      notify(answer.meta?.stale ? answer.message ?? 'Não foi possível atualizar agora.' : 'Informações do CNPJ atualizadas.', {
        type: answer.meta?.stale ? 'warning' : 'success',
      });
    },
    onError: (err) => notify(errorMessage(err, 'Erro ao buscar informações do CNPJ'), { type: 'error' }),
  });
  return { query, refresh };
}

/** Loading, error, empty and the stale notice, shared by both tabs; `children` draws the office. */
function CnpjPanel(props: { clienteId: string; emptyText: string; children: (office: Office) => React.ReactNode }) {
  const { query, refresh } = useCnpjInfo(props.clienteId);
  const answer = query.data;
  const office = answer?.data && Object.keys(answer.data).length ? answer.data : null;
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="caption" color="text.secondary">
          {answer?.meta?.fetchedAt ? `Consultado em ${formatDateTimeBR(answer.meta.fetchedAt)}` : ' '}
        </Typography>
        <Button size="small" variant="outlined" startIcon={<RefreshIcon />} onClick={() => refresh.mutate()} disabled={refresh.isPending || query.isPending}>
          {refresh.isPending ? 'Atualizando...' : 'Atualizar'}
        </Button>
      </Box>
      {query.isPending && <LoadingText>Carregando informações do CNPJ...</LoadingText>}
      {query.isError && <Alert severity="error">{errorMessage(query.error, 'Erro ao buscar informações do CNPJ')}</Alert>}
      {answer?.meta?.stale && answer.message && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {answer.message}
        </Alert>
      )}
      {query.isSuccess && !office && <Typography color="text.secondary">{props.emptyText}</Typography>}
      {office && props.children(office)}
    </Box>
  );
}

const optant = (regime: Office | undefined) =>
  regime ? `${regime.optant ? 'Optante' : 'Não optante'}${regime.optant && regime.since ? ` desde ${formatDateBR(regime.since)}` : ''}` : '';

function Activity({ activity }: { activity: Office }) {
  return (
    <Box component="li" sx={{ mb: 0.5 }}>
      <Box component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>
        {formatCnae(activity.id)}
      </Box>
      {text(activity.text)}
    </Box>
  );
}

export function DadosCnpj({ clienteId }: { clienteId: string }) {
  return (
    <CnpjPanel clienteId={clienteId} emptyText="Nenhuma informação de CNPJ disponível para este cliente.">
      {(o) => {
        const a = o.address ?? {};
        const side: Office[] = Array.isArray(o.sideActivities) ? o.sideActivities : [];
        return (
          <>
            <InfoSection title="Identificação">
              <InfoList
                items={[
                  ['Razão social', text(o.company?.name)],
                  ['Nome fantasia', text(o.alias)],
                  ['CNPJ', o.taxId ? maskCnpj(String(o.taxId)) : ''],
                  ['Matriz/Filial', o.head === true ? 'Matriz' : o.head === false ? 'Filial' : ''],
                  ['Data de abertura', o.founded ? formatDateBR(o.founded) : ''],
                  ['Última atualização na Receita', o.updated ? formatDateBR(o.updated) : ''],
                ]}
              />
            </InfoSection>
            <InfoSection title="Situação cadastral">
              <InfoList
                items={[
                  ['Situação', o.status?.text ? <Chip size="small" label={text(o.status.text)} color={o.status.text === 'Ativa' ? 'success' : 'default'} /> : ''],
                  ['Data da situação', o.statusDate ? formatDateBR(o.statusDate) : ''],
                  ['Porte', text(o.company?.size?.text)],
                  ['Natureza jurídica', text(o.company?.nature?.text)],
                  ['Capital social', o.company?.equity !== undefined && o.company?.equity !== null ? formatBRL(o.company.equity) : ''],
                  ['Simples Nacional', optant(o.company?.simples)],
                  ['SIMEI', optant(o.company?.simei)],
                ]}
              />
            </InfoSection>
            <InfoSection title="Endereço">
              <InfoList
                items={[
                  ['Logradouro', [text(a.street), text(a.number)].filter(Boolean).join(', ')],
                  ['Complemento', text(a.details)],
                  ['Bairro', text(a.district)],
                  ['Cidade/UF', [text(a.city), text(a.state)].filter(Boolean).join(' / ')],
                  ['CEP', a.zip ? maskCep(String(a.zip)) : ''],
                ]}
              />
            </InfoSection>
            <InfoSection title="Atividade principal (CNAE)">
              {o.mainActivity ? (
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  <Activity activity={o.mainActivity} />
                </Box>
              ) : (
                <Typography color="text.secondary">Não informada.</Typography>
              )}
            </InfoSection>
            <InfoSection title="Atividades secundárias">
              {side.length ? (
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {side.map((s) => (
                    <Activity key={String(s.id)} activity={s} />
                  ))}
                </Box>
              ) : (
                <Typography color="text.secondary">Nenhuma atividade secundária.</Typography>
              )}
            </InfoSection>
          </>
        );
      }}
    </CnpjPanel>
  );
}

const list = (v: unknown): Office[] => (Array.isArray(v) ? v : []);

export function DadosComplementares({ clienteId }: { clienteId: string }) {
  return (
    <CnpjPanel clienteId={clienteId} emptyText="Nenhuma informação complementar de CNPJ disponível para este cliente.">
      {(o) => (
        <>
          <InfoSection title="Quadro de sócios e administradores (QSA)">
            <RowsTable
              label="Sócios e administradores"
              head={['Nome', 'Tipo', 'Qualificação', 'Desde', 'Representante']}
              empty="Nenhum sócio informado."
              rows={list(o.company?.members).map((m) => [
                <>
                  {text(m.person?.name)}
                  {m.person?.taxId && (
                    <Typography variant="caption" component="div" color="text.secondary">
                      {text(m.person.taxId)}
                    </Typography>
                  )}
                </>,
                personType(m.person?.type),
                text(m.role?.text),
                m.since ? formatDateBR(m.since) : '',
                m.agent?.person?.name ? `${text(m.agent.person.name)}${m.agent.role?.text ? ` (${text(m.agent.role.text)})` : ''}` : '',
              ])}
            />
          </InfoSection>
          <InfoSection title="Telefones">
            <RowsTable
              label="Telefones"
              head={['Número', 'Tipo']}
              empty="Nenhum telefone informado."
              rows={list(o.phones).map((p) => [maskPhone(`${text(p.area)}${text(p.number)}`), phoneType(p.type)])}
            />
          </InfoSection>
          <InfoSection title="E-mails">
            <RowsTable
              label="E-mails"
              head={['Endereço', 'Tipo']}
              empty="Nenhum e-mail informado."
              rows={list(o.emails).map((e) => [text(e.address), emailOwnership(e.ownership)])}
            />
          </InfoSection>
          <InfoSection title="Inscrições estaduais">
            <RowsTable
              label="Inscrições estaduais"
              head={['Número', 'UF', 'Tipo', 'Habilitada', 'Situação', 'Data da situação']}
              empty="Nenhuma inscrição estadual informada."
              rows={list(o.registrations).map((r) => [
                text(r.number),
                text(r.state),
                text(r.type?.text),
                r.enabled ? 'Sim' : 'Não',
                text(r.status?.text),
                r.statusDate ? formatDateBR(r.statusDate) : '',
              ])}
            />
          </InfoSection>
          <InfoSection title="SUFRAMA">
            <RowsTable
              label="Inscrições na SUFRAMA"
              head={['Número', 'Desde', 'Situação', 'Aprovada']}
              empty="Sem inscrição na SUFRAMA."
              rows={list(o.suframa).map((s) => [
                text(s.number),
                s.since ? formatDateBR(s.since) : '',
                text(s.status?.text),
                s.approved === undefined ? '' : s.approved ? `Sim${s.approvalDate ? ` (${formatDateBR(s.approvalDate)})` : ''}` : 'Não',
              ])}
            />
          </InfoSection>
        </>
      )}
    </CnpjPanel>
  );
}
