import { type FormEvent, useId, useState } from 'react';
import { type Capacidade, CAPACIDADES_AJUSTAVEIS, CAPACIDADES_PADRAO, isValidEmail, PAPEIS_MEMBRO, PAPEL_MEMBRO_LABELS, type PapelMembro, validateCpfField } from '@veritas/common';
import { Field } from '../ui/Field';
import { ErrorNotice, Notice } from '../ui/Notice';
import { CapacidadesCampos } from './CapacidadesCampos';
import { membrosApi, useMembroMutation } from './membrosApi';

const padrao = (papel: PapelMembro): Capacidade[] => CAPACIDADES_AJUSTAVEIS.filter((c) => CAPACIDADES_PADRAO[papel].includes(c));

/** The Responsável invites a person: name, e-mail, CPF (optional), role and what it may do. */
export function ConvidarMembro() {
  const id = useId();
  const [nome, setNome] = useState('');
  const [email, setEmail] = useState('');
  const [cpf, setCpf] = useState('');
  const [papel, setPapel] = useState<PapelMembro>('colaborador');
  const [capacidades, setCapacidades] = useState<Capacidade[]>(padrao('colaborador'));
  const [problema, setProblema] = useState<string | null>(null);
  const convidar = useMembroMutation(membrosApi.convidar);

  function submit(event: FormEvent) {
    event.preventDefault();
    // The shared rules, before any call.
    const erro = !nome.trim() ? 'Informe o nome.' : !isValidEmail(email.trim()) ? 'E-mail inválido' : cpf.trim() ? validateCpfField(cpf) : null;
    setProblema(erro);
    if (erro) return;
    convidar.mutate(
      { nome: nome.trim(), email: email.trim(), ...(cpf.trim() && { cpf: cpf.trim() }), papel, ...(papel !== 'responsavel' && { capacidades }) },
      {
        onSuccess: () => {
          setNome('');
          setEmail('');
          setCpf('');
        },
      },
    );
  }

  return (
    <section aria-labelledby={`${id}-titulo`} className="meus-dados__secao">
      <h2 id={`${id}-titulo`}>Convidar uma pessoa</h2>
      <form className="form" onSubmit={submit} noValidate>
        <Field id={`${id}-nome`} label="Nome">
          <input id={`${id}-nome`} value={nome} maxLength={160} onChange={(e) => setNome(e.target.value)} />
        </Field>
        <Field id={`${id}-email`} label="E-mail">
          <input id={`${id}-email`} type="email" value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field id={`${id}-cpf`} label="CPF (opcional)">
          <input id={`${id}-cpf`} value={cpf} maxLength={14} onChange={(e) => setCpf(e.target.value)} />
        </Field>
        <Field id={`${id}-papel`} label="Papel">
          <select
            id={`${id}-papel`}
            value={papel}
            onChange={(e) => {
              const novo = e.target.value as PapelMembro;
              setPapel(novo);
              setCapacidades(padrao(novo));
            }}
          >
            {PAPEIS_MEMBRO.map((p) => (
              <option key={p} value={p}>
                {PAPEL_MEMBRO_LABELS[p]}
              </option>
            ))}
          </select>
        </Field>
        {papel !== 'responsavel' && <CapacidadesCampos id={`${id}-cap`} value={capacidades} onChange={setCapacidades} />}
        <button type="submit" className="button button--primary" disabled={convidar.isPending}>
          {convidar.isPending ? 'Enviando...' : 'Enviar convite'}
        </button>
      </form>
      {problema && <Notice kind="error">{problema}</Notice>}
      {convidar.isSuccess && <Notice kind="success">Convite enviado para {convidar.data.email}. O link vale por 7 dias.</Notice>}
      <ErrorNotice error={convidar.error} />
    </section>
  );
}
