import { useId, useState } from 'react';
import { usePedirEliminacao } from '../lib/mutations';
import { Field } from '../ui/Field';
import { ErrorNotice, Notice } from '../ui/Notice';

/** Erasure: asked here, answered by staff. */
export function Eliminacao({ pendente }: { pendente: boolean }) {
  const [motivo, setMotivo] = useState('');
  const [confirming, setConfirming] = useState(false);
  const pedir = usePedirEliminacao();
  const id = useId();

  return (
    <section aria-labelledby="eliminacao-titulo" className="meus-dados__secao">
      <h3 id="eliminacao-titulo">Eliminar meus dados</h3>
      <p>
        Atendido o pedido, os dados pessoais são anonimizados e o acesso à área do cliente é encerrado. Registros, cobranças e
        documentos fiscais continuam guardados pelo prazo que a lei exige (LGPD, art. 16), sem os seus dados de contato.
      </p>
      {pendente ? (
        <Notice kind="info">O seu pedido de eliminação está com a equipe; a resposta chega por e-mail em até 15 dias.</Notice>
      ) : (
        <>
          <Field id={`${id}-motivo`} label="Motivo (opcional)">
            <textarea id={`${id}-motivo`} rows={2} value={motivo} onChange={(e) => setMotivo(e.target.value)} />
          </Field>
          {confirming ? (
            <p>
              Tem certeza? Depois de atendido, não é possível desfazer.{' '}
              <button
                type="button"
                className="button button--danger button--small"
                disabled={pedir.isPending}
                onClick={() => pedir.mutate(motivo, { onSuccess: () => setConfirming(false) })}
              >
                Sim, pedir a eliminação
              </button>{' '}
              <button type="button" className="button button--outline button--small" onClick={() => setConfirming(false)}>
                Cancelar
              </button>
            </p>
          ) : (
            <button type="button" className="button button--outline" onClick={() => setConfirming(true)}>
              Pedir a eliminação dos meus dados
            </button>
          )}
        </>
      )}
      <ErrorNotice error={pedir.error} />
    </section>
  );
}
