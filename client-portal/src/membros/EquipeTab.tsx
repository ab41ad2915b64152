import { useQuery } from '@tanstack/react-query';
import { useCliente } from '../auth/RequireCliente';
import { ErrorNotice } from '../ui/Notice';
import { ConvidarMembro } from './ConvidarMembro';
import { MembroLinha } from './MembroLinha';
import { membrosQuery } from './membrosApi';

/**
 * /cliente/equipe — "Equipe da empresa" (issue 54, ADR 0058): the Responsável sees who has access, with
 * what role and capacities, invites, resends or revokes invitations, changes roles and removes members.
 */
export function EquipeTab() {
  const { membro: eu } = useCliente();
  const list = useQuery(membrosQuery());
  return (
    <section aria-labelledby="equipe-title">
      <div className="section-head">
        <h1 className="tab-title" id="equipe-title">
          Equipe da empresa
        </h1>
      </div>
      <p>Cada pessoa entra com o próprio e-mail e senha, e tudo o que ela faz fica registrado com o nome dela.</p>
      <ErrorNotice error={list.error} />
      {list.data && (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Pessoa</th>
              <th scope="col">Papel</th>
              <th scope="col">Situação</th>
              <th scope="col">Ações</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((m) => (
              <MembroLinha key={`${m._id}-${m.papel}-${m.capacidades.join()}`} membro={m} eu={m._id === eu?._id} />
            ))}
          </tbody>
        </table>
      )}
      {list.isPending && (
        <p className="loading" role="status">
          Carregando a equipe...
        </p>
      )}
      <ConvidarMembro />
    </section>
  );
}
