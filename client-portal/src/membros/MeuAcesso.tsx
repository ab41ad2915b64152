import { useState } from 'react';
import { CAPACIDADE_LABELS, clearSession } from '@veritas/common';
import { useCliente } from '../auth/RequireCliente';
import { ErrorNotice, Notice } from '../ui/Notice';
import { membrosApi } from './membrosApi';

/** "Meus dados" → the member's own access (issue 54): who signed in, its role, its own data (LGPD) and their erasure. */
export function MeuAcesso() {
  const { membro } = useCliente();
  const [erro, setErro] = useState<unknown>(null);
  const [confirmando, setConfirmando] = useState(false);
  const [pronto, setPronto] = useState(false);
  if (!membro) return null;

  async function baixar() {
    setErro(null);
    try {
      const dados = await membrosApi.meusDados();
      const url = URL.createObjectURL(new Blob([JSON.stringify(dados, null, 2)], { type: 'application/json' }));
      const a = Object.assign(document.createElement('a'), { href: url, download: 'meus-dados-pessoais.json' });
      a.click();
      URL.revokeObjectURL(url);
      setPronto(true);
    } catch (e) {
      setErro(e);
    }
  }

  async function eliminar() {
    setErro(null);
    try {
      await membrosApi.eliminar();
      // The server ended this member's sessions with its data: the browser forgets it too.
      clearSession(window.localStorage);
      window.location.assign('/login');
    } catch (e) {
      setErro(e);
    }
  }

  return (
    <section aria-labelledby="meu-acesso-titulo" className="meus-dados__secao">
      <h3 id="meu-acesso-titulo">Meu acesso</h3>
      <dl className="meus-dados__lista">
        <dt>Nome</dt>
        <dd>{membro.nome}</dd>
        <dt>E-mail de acesso</dt>
        <dd>{membro.email}</dd>
        {membro.cpf && (
          <>
            <dt>CPF</dt>
            <dd>{membro.cpf}</dd>
          </>
        )}
        <dt>Papel na empresa</dt>
        <dd>{membro.papelLabel}</dd>
        <dt>O que posso fazer</dt>
        <dd>{membro.capacidades.map((c) => CAPACIDADE_LABELS[c]).join(', ') || 'Apenas consultar'}</dd>
      </dl>
      <p>
        <button type="button" className="button button--outline" onClick={() => void baixar()}>
          Baixar meus dados pessoais
        </button>
      </p>
      {pronto && <Notice kind="success">Arquivo com os seus dados pessoais baixado.</Notice>}
      <p>Eliminar os seus dados pessoais anonimiza o seu nome, e-mail e CPF e encerra o seu acesso. Os registros da empresa continuam com a empresa.</p>
      {confirmando ? (
        <p>
          Tem certeza? Não é possível desfazer.{' '}
          <button type="button" className="button button--danger button--small" onClick={() => void eliminar()}>
            Sim, eliminar meus dados
          </button>{' '}
          <button type="button" className="button button--outline button--small" onClick={() => setConfirmando(false)}>
            Cancelar
          </button>
        </p>
      ) : (
        <button type="button" className="button button--outline" onClick={() => setConfirmando(true)}>
          Eliminar meus dados pessoais
        </button>
      )}
      <ErrorNotice error={erro} />
    </section>
  );
}
