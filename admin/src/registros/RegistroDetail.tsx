import type { ReactNode } from 'react';
import { AuditoriaTrail } from '../auditoria/AuditoriaTrail';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useGetIdentity } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { formatBRL, formatDateTimeBR, isFinalStatus, type RegistroDetalheResponse } from '@veritas/common';
import { RegistroDocumentos } from '../documentos/RegistroDocumentos';
import { InfoList } from '../layout/InfoList';
import { useRegistrosApi } from '../providers/registrosMethods';
import { errorMessage } from '@veritas/web';
import { useCan } from '../layout/Restricted';
import { Assignment } from './Assignment';
import { ChecklistReview } from './ChecklistReview';
import { Etapas } from './Etapas';
import { Exigencias } from './Exigencias';
import { Historico } from './Historico';
import { JuntaChange } from './JuntaChange';
import { PrazoText } from './PrazoText';
import { SCREEN_SX } from '../layout/screen';
import { StatusChange } from './StatusChange';
import { StatusChip } from './StatusChip';
import { CobrarRegistro } from './CobrarRegistro';
import { Correspondencia } from './Correspondencia';
import { ConversaCliente } from './ConversaCliente';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * One registro for the staff: its data and deadline, status changes with a note, assignment, its
 * documents and its whole history. `back` is the list it was opened from.
 */
export function RegistroDetail({ back }: { back: { to: string; label: string } }) {
  const { id } = useParams<{ id: string }>();
  const api = useRegistrosApi();
  const queryClient = useQueryClient();
  const board = useCan('registros.assign');
  const works = useCan('registros.work');
  const { identity } = useGetIdentity();
  const query = useQuery({
    queryKey: ['registro', id],
    queryFn: () => api.getRegistroDetalhe(id!),
    retry: false,
  });
  const r = query.data;

  const changed = (next: RegistroDetalheResponse) => {
    queryClient.setQueryData(['registro', id], next);
    // Every list that shows registros (and the dashboard's figures) is now out of date.
    queryClient.invalidateQueries({ queryKey: ['registros'] });
  };

  /** After an exigência or a checklist review: the registro again (its clock, history and documents changed too). */
  const refetch = () => {
    void query.refetch();
    queryClient.invalidateQueries({ queryKey: ['registros'] });
  };

  const header = (
    <Button component={Link} to={back.to} startIcon={<ArrowBackIcon />} sx={{ mt: 2, justifySelf: 'start' }}>
      {back.label}
    </Button>
  );

  if (query.isPending) {
    return (
      <Box>
        {header}
        <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 2 }}>
          <CircularProgress size={20} /> Carregando registro...
        </Box>
      </Box>
    );
  }
  if (!r) {
    return (
      <Box>
        {header}
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(query.error, 'Registro não encontrado.')}
        </Alert>
      </Box>
    );
  }

  const mayChangeStatus = board || (!!identity && r.responsavelId === identity.id);
  return (
    <Box sx={SCREEN_SX}>
      <Title title={`Registro ${r.numero}`} />
      {header}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, my: 2 }}>
        <Typography component="h1" variant="h5">
          Registro {r.numero}
        </Typography>
        <StatusChip status={r.status} />
        <CobrarRegistro registro={r} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Section title="Dados">
            <InfoList
              items={[
                ['Cliente', r.clienteNome],
                ['Serviço', r.tipo],
                ['Solicitado em', formatDateTimeBR(r.data)],
                ['Valor', r.valor !== null ? formatBRL(r.valor) : null],
                ['Prazo', <PrazoText key="prazo" registro={r} />],
                ['Prazo do serviço', `${r.slaDiasUteis} dias úteis`],
              ]}
            />
            <Box sx={{ mt: 1.5 }}>
              <Typography component="h3" variant="caption" color="text.secondary">
                Descrição
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {r.descricao}
              </Typography>
            </Box>
          </Section>
          {r.servico && (
            <Section title="Etapas">
              <Etapas registro={r} mayMove={mayChangeStatus} onChanged={changed} />
            </Section>
          )}
          {r.exigencias && (
            <Section title="Exigências">
              <Exigencias registro={r} mayAct={works} onChanged={refetch} />
            </Section>
          )}
          {r.checklist && r.checklist.length > 0 && (
            <Section title="Checklist de documentos">
              <ChecklistReview registro={r} mayAct={works} onChanged={refetch} />
            </Section>
          )}
          <Section title="Documentos">
            <RegistroDocumentos registro={r} />
          </Section>
          <Section title="Conversa com o cliente">
            <ConversaCliente registroId={r._id} mayAnswer={works} />
          </Section>
          <Section title="Correspondência">
            <Correspondencia registroId={r._id} registro={r} />
          </Section>
          <Section title="Histórico">
            <Historico lines={r.historico} />
            <AuditoriaTrail entidade="registros" id={r._id} />
          </Section>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Section title="Responsável">
            <Assignment registro={r} onChanged={changed} />
          </Section>
          <Section title="Junta Comercial">
            <JuntaChange key={r.juntaUf} registro={r} mayChange={mayChangeStatus} onChanged={changed} />
          </Section>
          <Section title="Status">
            {mayChangeStatus || isFinalStatus(r.status) ? (
              <StatusChange key={r.status} registro={r} onChanged={changed} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                Apenas o responsável, a Diretoria ou o Master alteram o status.{works && ' Assuma o registro para alterá-lo.'}
              </Typography>
            )}
          </Section>
        </Box>
      </Box>
    </Box>
  );
}
