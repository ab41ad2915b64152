import { type FormEvent, useState } from 'react';
import { useCancelarSolicitacao } from '../lib/mutations';
import { ErrorNotice } from '../ui/Notice';

/** A client gives up on a request that has not started: confirmed first, with an optional reason. */
export function CancelarSolicitacao({ id }: { id: string }) {
  const [confirming, setConfirming] = useState(false);
  const [motivo, setMotivo] = useState('');
  const cancelar = useCancelarSolicitacao(id);
  const busy = cancelar.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    cancelar.mutate(motivo, { onSuccess: () => setConfirming(false) });
  }

  if (!confirming) {
    return (
      <div className="dialog__footer">
        <button type="button" className="button button--danger-outline" onClick={() => setConfirming(true)}>
          Cancelar solicitação
        </button>
      </div>
    );
  }
  return (
    <form className="confirm confirm--block" onSubmit={submit}>
      <p>
        <strong>Tem certeza que deseja cancelar esta solicitação?</strong> Esta ação não pode ser desfeita.
      </p>
      <label className="field">
        <span className="field__label">Motivo (opcional)</span>
        <textarea value={motivo} maxLength={2000} rows={2} onChange={(e) => setMotivo(e.target.value)} />
      </label>
      <ErrorNotice error={cancelar.error} />
      <div className="confirm__buttons">
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? 'Cancelando...' : 'Sim, cancelar'}
        </button>
        <button
          type="button"
          className="button button--outline"
          disabled={busy}
          onClick={() => {
            cancelar.reset();
            setConfirming(false);
          }}
        >
          Não
        </button>
      </div>
    </form>
  );
}
