import { type FormEvent, useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  NOTIFICACAO_CATEGORIA_DESCRICOES,
  NOTIFICACAO_CATEGORIA_LABELS,
  NOTIFICACAO_CATEGORIAS,
  NOTIFICACOES_PADRAO,
  NOTIFICACOES_SEMPRE_ENVIADAS,
  type NotificacoesPreferencias,
} from '@veritas/common';
import { useSalvarNotificacoes } from '../lib/mutations';
import { queries } from '../lib/queries';
import { ErrorNotice, Notice } from '../ui/Notice';

/**
 * Meus dados → Notificações (issue 53): each category of optional e-mails on or off, kept by the
 * server. Security and legal notices are always sent, and the screen says so.
 */
export function Notificacoes() {
  const atual = useQuery(queries.notificacoes());
  const [values, setValues] = useState<NotificacoesPreferencias>({ ...NOTIFICACOES_PADRAO });
  const salvar = useSalvarNotificacoes();
  const base = useId();

  useEffect(() => {
    if (atual.data) setValues(atual.data);
  }, [atual.data]);

  function submit(event: FormEvent) {
    event.preventDefault();
    salvar.mutate(values);
  }

  return (
    <section aria-labelledby="notificacoes-titulo" className="meus-dados__secao">
      <h3 id="notificacoes-titulo">Notificações</h3>
      <p>Escolha quais avisos você quer receber por e-mail. Cada e-mail também traz um link para deixar de receber avisos do mesmo tipo.</p>
      <ErrorNotice error={atual.error} />
      <form className="form" onSubmit={submit} noValidate>
        <fieldset className="notificacoes" disabled={atual.isPending || salvar.isPending}>
          <legend>Receber por e-mail</legend>
          {NOTIFICACAO_CATEGORIAS.map((c) => (
            <div key={c} className="notificacoes__item">
              <input
                type="checkbox"
                id={`${base}-${c}`}
                aria-describedby={`${base}-${c}-desc`}
                checked={values[c]}
                onChange={(e) => {
                  salvar.reset();
                  setValues((v) => ({ ...v, [c]: e.target.checked }));
                }}
              />
              <label htmlFor={`${base}-${c}`}>{NOTIFICACAO_CATEGORIA_LABELS[c]}</label>
              <small id={`${base}-${c}-desc`}>{NOTIFICACAO_CATEGORIA_DESCRICOES[c]}</small>
            </div>
          ))}
        </fieldset>
        <Notice kind="info">{NOTIFICACOES_SEMPRE_ENVIADAS}</Notice>
        <div className="meus-dados__acoes">
          <button type="submit" className="button button--primary" disabled={atual.isPending || salvar.isPending}>
            Salvar notificações
          </button>
        </div>
      </form>
      {salvar.isSuccess && <Notice kind="success">Preferências de notificação salvas.</Notice>}
      <ErrorNotice error={salvar.error} />
    </section>
  );
}
