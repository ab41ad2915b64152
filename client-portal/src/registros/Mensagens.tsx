import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { formatBytes, formatDateTimeBR, type MensagemArquivo, type RegistroMensagemItem } from '@veritas/common';
import { queries } from '../lib/queries';
import { useBaixarDocumento, useMarcarMensagensLidas } from '../lib/mutations';
import { ErrorNotice } from '../ui/Notice';
import { MensagemForm } from './MensagemForm';

/**
 * "Mensagens" (issue 56, ADR 0057): the registro's conversation with the firm — who wrote each message, when,
 * its files, and for the client's own whether the firm has read it — and the form to write. Opening it marks
 * the firm's messages read (their read receipt).
 */
export function Mensagens({ registroId }: { registroId: string }) {
  const mensagens = useQuery(queries.mensagens(registroId));
  const marcar = useMarcarMensagensLidas(registroId);
  const naoLidas = mensagens.data?.naoLidas ?? 0;
  const { mutate } = marcar;
  useEffect(() => {
    if (naoLidas > 0) mutate();
  }, [naoLidas, mutate]);
  // The newest page arrives newest first; the thread reads top to bottom.
  const thread = [...(mensagens.data?.data ?? [])].reverse();
  return (
    <section className="mensagens" aria-labelledby={`mensagens-${registroId}`}>
      <h3 className="subhead" id={`mensagens-${registroId}`}>
        Mensagens
      </h3>
      <ErrorNotice error={mensagens.error} />
      {mensagens.data && thread.length === 0 && <p className="muted">Nenhuma mensagem ainda. Escreva abaixo para falar com o escritório sobre este registro.</p>}
      {thread.length > 0 && (
        <ol className="mensagens__lista">
          {thread.map((m) => (
            <Mensagem key={m._id} m={m} />
          ))}
        </ol>
      )}
      <MensagemForm registroId={registroId} />
    </section>
  );
}

function Mensagem({ m }: { m: RegistroMensagemItem }) {
  // The client's side names its member ("Ana Souza (Contador)", ADR 0058); the firm's says it is the firm.
  const daEmpresa = m.lado === 'cliente';
  return (
    <li className={`mensagem mensagem--${m.lado}`}>
      <p className="mensagem__autor">
        <strong>{daEmpresa ? m.autorNome : `${m.autorNome} · escritório`}</strong>{' '}
        <time className="muted" dateTime={m.criadoEm}>
          {formatDateTimeBR(m.criadoEm)}
        </time>
      </p>
      <p className="mensagem__texto">{m.texto}</p>
      {m.arquivos.length > 0 && (
        <ul className="mensagem__arquivos" aria-label="Arquivos da mensagem">
          {m.arquivos.map((a) => (
            <Arquivo key={a._id} a={a} />
          ))}
        </ul>
      )}
      {daEmpresa && <p className="mensagem__recibo muted">{m.lidaEm ? `Lida pelo escritório em ${formatDateTimeBR(m.lidaEm)}` : 'Enviada'}</p>}
    </li>
  );
}

function Arquivo({ a }: { a: MensagemArquivo }) {
  const baixar = useBaixarDocumento(a);
  return (
    <li>
      <button type="button" className="button button--outline button--small" aria-label={`Download de ${a.nomeArquivo}`} disabled={baixar.isPending} onClick={() => baixar.mutate()}>
        {a.nomeArquivo}
      </button>{' '}
      <span className="muted">
        {a.tipo} · {formatBytes(a.tamanho)}
      </span>
      <ErrorNotice error={baixar.error} />
    </li>
  );
}
