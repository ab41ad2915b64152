import { formatDateBR, type SolicitacaoTitularResponse } from '@veritas/common';

/** The client's requests so far (copies, corrections, erasure) with their state and the staff's answer. */
export function Pedidos({ list }: { list: SolicitacaoTitularResponse[] }) {
  if (!list.length) return null;
  return (
    <section aria-labelledby="pedidos-titulo" className="meus-dados__secao">
      <h3 id="pedidos-titulo">Seus pedidos</h3>
      <div className="meus-dados__tabela">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Pedido</th>
              <th scope="col">Data</th>
              <th scope="col">Situação</th>
              <th scope="col">Resposta</th>
            </tr>
          </thead>
          <tbody>
            {list.map((s) => (
              <tr key={s._id}>
                <td>{s.tipoLabel}</td>
                <td>{formatDateBR(s.createdAt)}</td>
                <td>{s.statusLabel}</td>
                <td>{s.resposta ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
