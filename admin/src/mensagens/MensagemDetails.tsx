import { useState } from 'react';
import { Button, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { type ContatoMensagemResponse, formatDateTimeBR } from '@veritas/common';
import { InfoList, InfoSection } from '../layout/InfoList';
import { StatusChips } from './MensagemCells';
import { ReplyForm } from './ReplyForm';

/** One message in its dialog: sender, text, state, and its actions (answer, handled, unread). */
export function MessageDetails(props: {
  m: ContatoMensagemResponse;
  busy: boolean;
  onChange: (body: { lida?: boolean; tratada?: boolean }, done: string) => void;
  onReplied: (m: ContatoMensagemResponse) => void;
  onClose: () => void;
}) {
  const { m, busy, onChange, onReplied, onClose } = props;
  const [replying, setReplying] = useState(false);
  return (
    <>
      <DialogTitle id="mensagem-title">{m.assunto}</DialogTitle>
      <DialogContent dividers>
        <InfoSection title="Remetente">
          <InfoList
            items={[
              ['Nome', m.nome],
              ['E-mail', <a key="e" href={`mailto:${m.email}`}>{m.email}</a>],
              ['Telefone', <a key="t" href={`tel:+55${m.telefone.replace(/\D/g, '')}`}>{m.telefone}</a>],
              ['Empresa', m.empresa],
              ['Recebida em', formatDateTimeBR(m.createdAt)],
              ['Aceite dos termos', `Em ${formatDateTimeBR(m.aceiteTermosEm)}`],
            ]}
          />
        </InfoSection>
        <InfoSection title="Mensagem">
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.mensagem}</Typography>
        </InfoSection>
        <InfoSection title="Situação">
          <StatusChips m={m} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {m.tratada && m.tratadaEm ? `Tratada por ${m.tratadaPor ?? '—'} em ${formatDateTimeBR(m.tratadaEm)}.` : 'Ainda não tratada.'}
            {m.respondidaEm && ` Última resposta por ${m.respondidaPor ?? '—'} em ${formatDateTimeBR(m.respondidaEm)}.`}
          </Typography>
        </InfoSection>
        {replying && <ReplyForm m={m} onCancel={() => setReplying(false)} onSent={(updated) => {
              setReplying(false);
              onReplied(updated);
            }} />}
      </DialogContent>
      {!replying && (
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" onClick={() => setReplying(true)} disabled={busy}>
            Responder
          </Button>
          {m.tratada ? (
            <Button variant="outlined" onClick={() => onChange({ tratada: false }, 'Mensagem reaberta como pendente.')} disabled={busy}>
              Reabrir
            </Button>
          ) : (
            <Button variant="outlined" color="success" onClick={() => onChange({ tratada: true }, 'Mensagem marcada como tratada.')} disabled={busy}>
              Marcar como tratada
            </Button>
          )}
          <Button onClick={() => onChange({ lida: false }, 'Mensagem marcada como não lida.')} disabled={busy}>
            Marcar como não lida
          </Button>
          <Button onClick={onClose} disabled={busy}>
            Fechar
          </Button>
        </DialogActions>
      )}
    </>
  );
}
