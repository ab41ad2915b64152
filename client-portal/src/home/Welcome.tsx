import { type ClienteResponse, maskCnpj } from '@veritas/common';

export function Welcome({ cliente }: { cliente: ClienteResponse }) {
  const rows: [string, string | null][] = [
    ['Razão social', cliente.razaoSocial],
    ['Nome fantasia', cliente.nomeFantasia],
    ['CNPJ', cliente.cnpj ? maskCnpj(cliente.cnpj) : null],
    ['E-mail', cliente.email],
  ];
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <h1 id="welcome-title">Olá, {cliente.razaoSocial || cliente.nomeFantasia}</h1>
      <p className="welcome__intro">Bem-vindo à área do cliente da Veritas Assessoria Empresarial.</p>
      <div className="card">
        <h2 className="card__title">Dados da empresa</h2>
        <dl className="details">
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="details__row">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </div>
    </section>
  );
}
