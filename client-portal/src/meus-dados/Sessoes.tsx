import { useState } from 'react';
import { logoutEverywhere } from '../layout/logout';
import { Notice } from '../ui/Notice';

/** "Sair de todos os dispositivos" (issue 54): every session of the company's login ends, this one too. */
export function Sessoes() {
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = async () => {
    setPending(true);
    setFailed(false);
    const ok = await logoutEverywhere();
    if (!ok) {
      setPending(false);
      setFailed(true);
    }
  };
  return (
    <section aria-labelledby="sessoes-titulo" className="meus-dados__secao">
      <h3 id="sessoes-titulo">Sessões</h3>
      <p>Encerra o acesso em todos os computadores e celulares em que você entrou, inclusive neste. Para voltar, faça login de novo.</p>
      <button type="button" className="button button--outline" disabled={pending} onClick={() => void run()}>
        {pending ? 'Saindo...' : 'Sair de todos os dispositivos'}
      </button>
      {failed && <Notice kind="error">Não foi possível encerrar as sessões agora. Verifique a sua conexão e tente novamente.</Notice>}
    </section>
  );
}
