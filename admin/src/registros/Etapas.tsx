import { useState } from 'react';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import {
  ETAPA_STATUS_LABELS,
  OPEN_REGISTRO_STATUSES,
  formatDateBR,
  RESPONSAVEL_TIPO_LABELS,
  type EtapaMoveInput,
  type EtapaResponse,
  type EtapaStatus,
  type RegistroDetalheResponse,
} from '@veritas/common';
import { errorMessage, previsaoTexto } from '@veritas/web';
import { useRegistrosApi } from '../providers/registrosMethods';
import { documentosFaltando, type EtapaAcao, etapaAcoes } from './etapaAcoes';
import { EtapaDialog, type EtapaAberta } from './EtapaDialog';

const CHIP: Record<EtapaStatus, 'default' | 'info' | 'success' | 'warning'> = {
  pendente: 'default',
  andamento: 'info',
  concluida: 'success',
  dispensada: 'warning',
};

const ACAO_LABEL: Record<EtapaAcao, string> = { iniciar: 'Iniciar', concluir: 'Concluir', dispensar: 'Dispensar', reabrir: 'Reabrir' };

type Aberto = EtapaAberta | null;

/**
 * The registro's stages (issue 11) with what may be done to each: Iniciar and Reabrir at once,
 * Concluir and Dispensar in a dialog (EtapaDialog).
 */
export function Etapas({
  registro,
  mayMove,
  onChanged,
}: {
  registro: RegistroDetalheResponse;
  mayMove: boolean;
  onChanged: (r: RegistroDetalheResponse) => void;
}) {
  const api = useRegistrosApi();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [aberto, setAberto] = useState<Aberto>(null);
  const etapas = [...(registro.etapas ?? [])].sort((a, b) => a.ordem - b.ordem);
  const acoes = etapaAcoes(etapas);

  if (!etapas.length) return <Typography color="text.secondary">Este registro não tem etapas.</Typography>;

  async function move(etapa: EtapaResponse, input: EtapaMoveInput, done: string): Promise<boolean> {
    setBusy(true);
    try {
      const res = await api.moveEtapa(registro._id, etapa._id, input);
      notify(done, { type: 'success' });
      onChanged(res);
      return true;
    } catch (err) {
      notify(errorMessage(err, 'Não foi possível alterar a etapa.'), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  }

  // What the portal tells the client, the staff see too (issue 52): the predicted end while it is open.
  const aberta = OPEN_REGISTRO_STATUSES.includes(registro.status);
  const conclusao = aberta ? previsaoTexto(registro.previsao?.conclusao) : null;
  const proxima = aberta ? previsaoTexto(registro.previsao?.proximaEtapa) : null;

  return (
    <>
      {(conclusao || proxima) && (
        <Typography variant="body2" sx={{ mb: 1.5 }} data-testid="previsao-conclusao">
          {conclusao && (
            <>
              <strong>Conclusão do processo</strong> — previsão: {conclusao}
            </>
          )}
          {conclusao && proxima && ' · '}
          {proxima && <>Etapa atual — previsão: {proxima}</>}
        </Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {etapas.map((e, i) => (
          <Box
            component="li"
            key={e._id}
            aria-label={`Etapa ${i + 1}: ${e.nome}`}
            sx={{ borderLeft: 3, borderColor: e.status === 'andamento' ? 'info.main' : 'divider', pl: 1.5 }}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {i + 1}. {e.nome}
              </Typography>
              <Chip size="small" color={CHIP[e.status]} label={ETAPA_STATUS_LABELS[e.status]} />
              <Typography variant="caption" color="text.secondary">
                {RESPONSAVEL_TIPO_LABELS[e.responsavelTipo]}
              </Typography>
            </Box>
            <Typography variant="caption" color="text.secondary" component="p">
              {[
                e.inicio && `Início: ${formatDateBR(e.inicio)}`,
                e.fim && `Fim: ${formatDateBR(e.fim)}`,
                e.prazo && !e.fim && `Prazo: ${formatDateBR(e.prazo)}`,
                e.protocolo && `Protocolo: ${e.protocolo}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {e.nota && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {e.status === 'dispensada' ? 'Motivo: ' : 'Nota: '}
                {e.nota}
                {e.status !== 'dispensada' && (
                  <Typography component="span" variant="caption" color="text.secondary">
                    {' '}
                    ({e.visivelCliente ? 'visível ao cliente' : 'interna'})
                  </Typography>
                )}
              </Typography>
            )}
            {mayMove && (acoes.get(e._id) ?? []).length > 0 && (
              <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
                {(acoes.get(e._id) ?? []).map((a) => (
                  <Button
                    key={a}
                    size="small"
                    variant={a === 'concluir' || a === 'iniciar' ? 'contained' : 'outlined'}
                    disabled={busy}
                    aria-label={`${ACAO_LABEL[a]} a etapa ${e.nome}`}
                    onClick={() => {
                      if (a === 'iniciar') void move(e, { status: 'andamento' }, `Etapa "${e.nome}" iniciada.`);
                      else if (a === 'reabrir') void move(e, { status: 'andamento' }, `Etapa "${e.nome}" reaberta.`);
                      else setAberto({ etapa: e, acao: a });
                    }}
                  >
                    {ACAO_LABEL[a]}
                  </Button>
                ))}
              </Box>
            )}
          </Box>
        ))}
        {aberto && (
          <EtapaDialog
            key={aberto.etapa._id + aberto.acao}
            aberto={aberto}
            faltando={aberto.acao === 'dispensar' ? documentosFaltando(aberto.etapa, registro.checklist) : []}
            busy={busy}
            onClose={() => setAberto(null)}
            onSubmit={async (input) => {
              const done = aberto.acao === 'concluir' ? `Etapa "${aberto.etapa.nome}" concluída.` : `Etapa "${aberto.etapa.nome}" dispensada.`;
              if (await move(aberto.etapa, input, done)) setAberto(null);
            }}
          />
        )}
      </Box>
    </>
  );
}
