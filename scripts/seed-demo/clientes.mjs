/** The demo firm's people: its clients (companies with their contacts), its team and its client types. */
import { randomInt } from 'node:crypto';
import { common, dist, pick } from './base.mjs';

const { Cliente } = dist('clientes/entities/cliente.entity.js');
const { ClienteMembro } = dist('clientes/entities/cliente-membro.entity.js');
const { clienteBusca } = dist('clientes/cliente.mapper.js');
const { newId } = dist('platform/database/index.js');

/** Every demo client signs in with this one. */
export const DEMO_PASSWORD = 'Demo!2026cliente';
/** Every member of the demo team signs in with this one. */
export const DEMO_EQUIPE_PASSWORD = 'Equipe!2026demo';

// ---------- a realistic firm's clients

export const ATIVIDADE = ['Comércio', 'Indústria', 'Padaria', 'Construtora', 'Transportes', 'Distribuidora', 'Farmácia', 'Clínica', 'Escritório', 'Mercado', 'Auto Peças', 'Confecções', 'Tecnologia', 'Educação', 'Serviços', 'Restaurante', 'Laboratório', 'Papelaria'];
export const NOME = ['São João', 'Boa Vista', 'Paulista', 'Estrela', 'União', 'Progresso', 'Horizonte', 'Atlântico', 'Cerrado', 'Pantanal', 'Ipê', 'Jacarandá', 'Aurora', 'Esperança', 'Guaraná', 'Maré', 'Santa Luzia', 'Três Irmãos', 'Bom Jesus', 'Vitória'];
export const NATUREZA = ['Ltda', 'S.A.', 'ME', 'EIRELI', 'Comércio e Serviços Ltda', 'EPP'];
export const CIDADES = [
  ['São Paulo', 'SP', '01310100', 'Avenida Paulista', 'Bela Vista'],
  ['Rio de Janeiro', 'RJ', '20040002', 'Avenida Rio Branco', 'Centro'],
  ['Belo Horizonte', 'MG', '30130010', 'Avenida Afonso Pena', 'Centro'],
  ['Curitiba', 'PR', '80020310', 'Rua XV de Novembro', 'Centro'],
  ['Porto Alegre', 'RS', '90010150', 'Rua dos Andradas', 'Centro Histórico'],
  ['Salvador', 'BA', '40020000', 'Avenida Sete de Setembro', 'Dois de Julho'],
  ['Recife', 'PE', '50030230', 'Rua da Aurora', 'Boa Vista'],
  ['Goiânia', 'GO', '74015010', 'Avenida Goiás', 'Setor Central'],
];
export const PESSOAS = ['Ana Souza', 'Bruno Lima', 'Carla Mendes', 'Diego Rocha', 'Elisa Prado', 'Fábio Nunes', 'Gabriela Torres', 'Henrique Alves', 'Íris Campos', 'João Pereira'];
export const slug = (s) => common.normalizeSearch ? common.normalizeSearch(s).replace(/[^a-z0-9]+/g, '') : s.toLowerCase().replace(/[^a-z0-9]+/g, '');
export const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A valid CNPJ not in `taken`: numeric, or (one in eight) alphanumeric as from July 2026. */
export function freshCnpj(taken) {
  for (;;) {
    const alnum = randomInt(8) === 0;
    const root = Array.from({ length: 8 }, (_, i) => (alnum && i >= 2 && i <= 4 ? ALNUM[randomInt(36)] : String(randomInt(10)))).join('');
    const base = `${root}${randomInt(10) === 0 ? '0002' : '0001'}`;
    const cnpj = base + common.cnpjCheckDigits(base);
    if (!taken.has(cnpj)) {
      taken.add(cnpj);
      return cnpj;
    }
  }
}

export function demoCliente(i, tag, cnpj, passwordHash, createdAt, tipoClienteId) {
  const [cidade, estado, cep, endereco, bairro] = pick(CIDADES);
  const nome = `${pick(NOME)}`;
  const atividade = pick(ATIVIDADE);
  const razaoSocial = `${atividade} ${nome} ${pick(NATUREZA)}`;
  const nomeFantasia = randomInt(3) === 0 ? null : `${atividade} ${nome}`;
  // Under .example (RFC 2606: reserved, never a real domain): the firm's jobs write to its clients (overdue
  // charges, status changes), and with SMTP_URL set a demo must not mail strangers at a real domain.
  const email = `contato.${slug(nome)}${i}.${tag}@${slug(atividade)}.demo.example`;
  const responsavel = pick(PESSOAS);
  const status = randomInt(10) === 0 ? 'inativo' : 'ativo';
  const c = Object.assign(new Cliente(), {
    id: newId(),
    createdAt,
    updatedAt: createdAt,
    razaoSocial,
    nomeFantasia,
    cnpj,
    cnes: null,
    nire: null,
    email,
    emailRF: null,
    telefone: `${11 + randomInt(80)}3${String(randomInt(1e7)).padStart(7, '0')}`,
    celularWhatsApp: `${11 + randomInt(80)}9${String(randomInt(1e8)).padStart(8, '0')}`,
    telefoneResponsavel: null,
    celularWhatsAppResponsavel: null,
    cep,
    endereco,
    numero: String(1 + randomInt(3000)),
    complemento: randomInt(2) ? `Sala ${1 + randomInt(400)}` : null,
    bairro,
    cidade,
    estado,
    pais: 'Brasil',
    nomeCompletoResponsavel: responsavel,
    cargo: pick(['Sócio-administrador', 'Diretor', 'Gerente administrativo']),
    dataNascimento: null,
    nomeCompletoAssinanteDBE: responsavel,
    cargoAssinanteDBE: 'Sócio-administrador',
    dataNascimentoAssinanteDBE: null,
    passwordHash,
    passwordChangedAt: null,
    status,
    inativadoEm: status === 'inativo' ? createdAt : null,
    tipoClienteId,
  });
  c.busca = clienteBusca(c);
  return c;
}

/** One company in this many has people besides its Responsável. */
export const MEMBROS_A_CADA = 20;
const OUTROS_PAPEIS = ['socio', 'contador', 'colaborador'];

/**
 * A demo company's people (ADR 0058): its Responsável, who signs in with the company's e-mail and, as the
 * migration makes it, has the company's id; and, one company in MEMBROS_A_CADA, one to three more — a
 * partner, the accountant, an employee — each with an e-mail of their own and the same demo password. One
 * accountant in three does not see the charges (a capacity turned off).
 */
export function demoMembros(c, passwordHash) {
  const membro = (id, nome, email, papel, capacidades) =>
    Object.assign(new ClienteMembro(), {
      id,
      createdAt: c.createdAt,
      updatedAt: c.createdAt,
      clienteId: c.id,
      nome,
      email,
      cpf: null,
      papel,
      capacidades,
      status: 'ativo',
      passwordHash,
      passwordChangedAt: null,
      tokenVersion: 0,
      conviteHash: null,
      conviteExpiraEm: null,
      convidadoPor: null,
    });
  const pessoas = [membro(c.id, c.nomeCompletoResponsavel, c.email, 'responsavel', null)];
  if (randomInt(MEMBROS_A_CADA) === 0) {
    for (const papel of OUTROS_PAPEIS.slice(0, 1 + randomInt(OUTROS_PAPEIS.length))) {
      const semCobrancas = papel === 'contador' && randomInt(3) === 0;
      pessoas.push(membro(newId(), pick(PESSOAS), `${papel}.${c.email}`, papel, semCobrancas ? ['enviar_documentos', 'ver_documentos'] : null));
    }
  }
  return pessoas;
}

// ---------- the team: a director and five associates beside the master

export const EQUIPE = [
  ['diretoria', 'helena.prado', 'Helena Vasconcelos Prado'],
  ['associado', 'rafael.duarte', 'Rafael Monteiro Duarte'],
  ['associado', 'juliana.teixeira', 'Juliana Ferraz Teixeira'],
  ['associado', 'thiago.lopes', 'Thiago Barbosa Lopes'],
  ['associado', 'camila.antunes', 'Camila Ribeiro Antunes'],
  ['associado', 'lucas.medeiros', 'Lucas Cardoso Medeiros'],
];
/** How the registros are shared among the associados, in EQUIPE's order: the senior ones take more. */
export const PESOS = [5, 4, 4, 3, 2];
/** Of the registros still open, one in this many (the first among them) nobody has taken yet. */
export const SEM_RESPONSAVEL = 5;

/**
 * The demo team, created through UsersService where missing (its password hashed, the role's
 * permissions as the user form stores them): [{ id, email, nomeCompleto, papel }] in EQUIPE's order.
 */
export async function demoEquipe(usersService, ds, actor) {
  const equipe = [];
  for (const [papel, username, nomeCompleto] of EQUIPE) {
    const [existing] = await ds.query('SELECT id, email, nomeCompleto FROM users WHERE username = ?', [username]);
    const u = existing ?? (await usersService.createUser(actor, { username, nomeCompleto, password: DEMO_EQUIPE_PASSWORD, ...common.formRoleToAccess(papel) }));
    equipe.push({ id: u.id, email: u.email, nomeCompleto: u.nomeCompleto, papel });
  }
  return equipe;
}

/** A responsável among the associados, by PESOS. */
export function pickPonderado(associados) {
  const total = PESOS.slice(0, associados.length).reduce((a, b) => a + b, 0);
  let n = randomInt(total);
  for (const [i, a] of associados.entries()) {
    n -= PESOS[i] ?? 1;
    if (n < 0) return a;
  }
  return associados.at(-1);
}

// ---------- client types and their prices (reais), by the catalogue's service names

export const TIPOS = [
  ['MEI', 0.6],
  ['Simples Nacional', 1],
  ['Lucro Presumido', 1.5],
  ['Lucro Real', 2.2],
];
export const PRECOS = [
  ['Abertura de Empresa', 1200],
  ['Alteração Contratual', 650],
  ['Baixa de Empresa', 900],
  ['Certidão Simplificada', 120],
  ['Certidão de Inteiro Teor', 180],
  ['Arquivamento de Balanço', 450],
];

/** The demo's client types (ids), created through TiposClienteService where missing. */
export async function demoTipos(service, ds) {
  const existing = new Map((await ds.query('SELECT id, nome FROM tipos_cliente')).map((r) => [r.nome, r.id]));
  const ids = [];
  for (const [nome, fator] of TIPOS) {
    if (existing.has(nome)) ids.push(existing.get(nome));
    else ids.push((await service.createTipo({ nome, ativo: true, servicos: PRECOS.map(([servico, valor]) => ({ nome: servico, valor: Math.round(valor * fator) })) })).id);
  }
  return ids;
}

