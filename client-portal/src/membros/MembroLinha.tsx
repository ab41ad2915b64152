import { useId, useState } from 'react';
import { CAPACIDADE_LABELS, type Capacidade, formatDateBR, type MembroResponse, PAPEIS_MEMBRO, PAPEL_MEMBRO_LABELS, type PapelMembro } from '@veritas/common';
import { ErrorNotice } from '../ui/Notice';
import { CapacidadesCampos } from './CapacidadesCampos';
import { membrosApi, useMembroMutation } from './membrosApi';

const SITUACAO: Record<MembroResponse['status'], string> = { convidado: 'Convidado', ativo: 'Ativo', removido: 'Removido' };

/** One member: its role and what it may do; the Responsável's actions (edit, resend or revoke an invitation, remove). */
export function MembroLinha({ membro, eu }: { membro: MembroResponse; eu: boolean }) {
  const id = useId();
  const [editando, setEditando] = useState(false);
  const [papel, setPapel] = useState<PapelMembro>(membro.papel);
  const [capacidades, setCapacidades] = useState<Capacidade[]>(membro.capacidades.filter((c) => c !== 'membros'));
  const salvar = useMembroMutation(() => membrosApi.atualizar(membro._id, { papel, ...(papel !== 'responsavel' && { capacidades }) }));
  const reenviar = useMembroMutation(() => membrosApi.reenviar(membro._id));
  const revogar = useMembroMutation(() => membrosApi.revogar(membro._id));
  const remover = useMembroMutation(() => membrosApi.remover(membro._id));
  const convidado = membro.status === 'convidado';

  return (
    <tr>
      <td>
        {membro.nome}
        {eu && ' (você)'}
        <br />
        <small>{membro.email}</small>
      </td>
      <td>
        {editando ? (
          <>
            <label htmlFor={`${id}-papel`} className="visually-hidden">
              Papel de {membro.nome}
            </label>
            <select id={`${id}-papel`} value={papel} onChange={(e) => setPapel(e.target.value as PapelMembro)}>
              {PAPEIS_MEMBRO.map((p) => (
                <option key={p} value={p}>
                  {PAPEL_MEMBRO_LABELS[p]}
                </option>
              ))}
            </select>
            {papel !== 'responsavel' && <CapacidadesCampos id={`${id}-cap`} value={capacidades} onChange={setCapacidades} />}
          </>
        ) : (
          <>
            {membro.papelLabel}
            <br />
            <small>{membro.capacidades.map((c) => CAPACIDADE_LABELS[c]).join(', ') || 'Nenhuma ação'}</small>
          </>
        )}
      </td>
      <td>{convidado && membro.conviteExpiraEm ? `Convite enviado (vale até ${formatDateBR(membro.conviteExpiraEm)})` : SITUACAO[membro.status]}</td>
      <td className="membros__acoes">
        {editando ? (
          <>
            <button type="button" className="button button--primary button--small" disabled={salvar.isPending} onClick={() => salvar.mutate(undefined, { onSuccess: () => setEditando(false) })}>
              Salvar
            </button>{' '}
            <button type="button" className="button button--outline button--small" onClick={() => setEditando(false)}>
              Cancelar
            </button>
          </>
        ) : (
          <button type="button" className="button button--outline button--small" onClick={() => setEditando(true)}>
            Alterar papel
          </button>
        )}{' '}
        {convidado && (
          <>
            <button type="button" className="button button--outline button--small" disabled={reenviar.isPending} onClick={() => reenviar.mutate(undefined)}>
              Reenviar convite
            </button>{' '}
            <button type="button" className="button button--outline button--small" disabled={revogar.isPending} onClick={() => revogar.mutate(undefined)}>
              Revogar convite
            </button>
          </>
        )}
        {!convidado && !eu && (
          <button
            type="button"
            className="button button--danger button--small"
            disabled={remover.isPending}
            onClick={() => window.confirm(`Remover ${membro.nome} da empresa? O acesso termina na hora.`) && remover.mutate(undefined)}
          >
            Remover
          </button>
        )}
        {reenviar.isSuccess && <span role="status"> Convite reenviado.</span>}
        <ErrorNotice error={salvar.error ?? reenviar.error ?? revogar.error ?? remover.error} />
      </td>
    </tr>
  );
}
