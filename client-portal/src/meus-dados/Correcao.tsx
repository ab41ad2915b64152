import { type FormEvent, useId, useState } from 'react';
import type { ClienteResponse } from '@veritas/common';
import { usePedirCorrecao } from '../lib/mutations';
import { Field } from '../ui/Field';
import { ErrorNotice, Notice } from '../ui/Notice';

/** Identity fields: a request to staff, with the reason. */
export function Correcao({ cliente }: { cliente: ClienteResponse }) {
  const [razaoSocial, setRazaoSocial] = useState(cliente.razaoSocial);
  const [cnpj, setCnpj] = useState(cliente.cnpj ?? '');
  const [motivo, setMotivo] = useState('');
  const pedir = usePedirCorrecao();
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    pedir.mutate({ razaoSocial, cnpj, motivo }, { onSuccess: () => setMotivo('') });
  }

  return (
    <section aria-labelledby="correcao-titulo" className="meus-dados__secao">
      <h3 id="correcao-titulo">Corrigir razão social ou CNPJ</h3>
      <p>Estes dados identificam a empresa: a correção é conferida pela equipe, que responde por e-mail em até 15 dias.</p>
      <form className="form" onSubmit={submit} noValidate>
        <Field id={`${id}-razao`} label="Razão Social">
          <input id={`${id}-razao`} value={razaoSocial} onChange={(e) => setRazaoSocial(e.target.value)} />
        </Field>
        <Field id={`${id}-cnpj`} label="CNPJ">
          <input id={`${id}-cnpj`} value={cnpj} onChange={(e) => setCnpj(e.target.value)} />
        </Field>
        <Field id={`${id}-motivo`} label="Motivo da correção">
          <textarea id={`${id}-motivo`} rows={3} value={motivo} onChange={(e) => setMotivo(e.target.value)} />
        </Field>
        <button type="submit" className="button button--outline" disabled={pedir.isPending}>
          Pedir correção
        </button>
      </form>
      {pedir.isSuccess && <Notice kind="success">Pedido de correção enviado à equipe.</Notice>}
      <ErrorNotice error={pedir.error} />
    </section>
  );
}
