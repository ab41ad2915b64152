import { type FormEvent, useId, useState } from 'react';
import { CLIENTE_FIELD_LABELS, type ClienteContatoCampo, type ClienteResponse } from '@veritas/common';
import { useSalvarContato } from '../lib/mutations';
import { Field } from '../ui/Field';
import { ErrorNotice, Notice } from '../ui/Notice';

/** The contact fields the portal offers (the API also takes the responsável's cargo). */
const CAMPOS: readonly ClienteContatoCampo[] = [
  'nomeFantasia', 'telefone', 'celularWhatsApp', 'emailRF', 'cep', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'estado',
  'nomeCompletoResponsavel', 'telefoneResponsavel', 'celularWhatsAppResponsavel',
];

/** Contact fields: corrected by the client itself (the profile on screen becomes the server's answer). */
export function Contato({ cliente }: { cliente: ClienteResponse }) {
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(CAMPOS.map((k) => [k, (cliente[k] as string | null) ?? ''])));
  const salvar = useSalvarContato();
  const base = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    salvar.mutate(values);
  }

  return (
    <section aria-labelledby="contato-titulo" className="meus-dados__secao">
      <h3 id="contato-titulo">Dados de contato</h3>
      <form className="form meus-dados__grid" onSubmit={submit} noValidate>
        {CAMPOS.map((k) => (
          <Field key={k} id={`${base}-${k}`} label={CLIENTE_FIELD_LABELS[k]}>
            <input
              id={`${base}-${k}`}
              value={values[k]}
              disabled={salvar.isPending}
              onChange={(e) => {
                salvar.reset();
                setValues((v) => ({ ...v, [k]: e.target.value }));
              }}
            />
          </Field>
        ))}
        <div className="meus-dados__acoes">
          <button type="submit" className="button button--primary" disabled={salvar.isPending}>
            Salvar dados de contato
          </button>
        </div>
      </form>
      {salvar.isSuccess && <Notice kind="success">Dados atualizados com sucesso!</Notice>}
      <ErrorNotice error={salvar.error} />
    </section>
  );
}
