import { capacidadesDe, cleanCep, cleanCnpj, ClienteResponse, type MembroResponse, PAPEL_MEMBRO_LABELS, maskCep, maskCnpj, maskCpf, maskPhone, normalizeSearch, onlyDigits } from '@veritas/common';
import { toIso } from '../platform/database';
import type { ClienteFieldsDto } from './dto/cliente.dto';
import { type TipoCliente, toTipoClienteResponse } from '../tipos-cliente';
import type { Cliente } from './entities/cliente.entity';
import type { ClienteMembro } from './entities/cliente-membro.entity';

const PHONES = ['telefone', 'celularWhatsApp', 'telefoneResponsavel', 'celularWhatsAppResponsavel'] as const;

/**
 * The only shape in which a client leaves the server: masked numbers, never the password hash.
 * With `tipo` (the details), the client's type and its priced services come along.
 */
export function toClienteResponse(c: Cliente, tipo?: TipoCliente | null): ClienteResponse {
  const masked = (v: string | null) => (v ? maskPhone(v) : null);
  return {
    _id: c.id,
    razaoSocial: c.razaoSocial,
    nomeFantasia: c.nomeFantasia,
    cnpj: c.cnpj ? maskCnpj(c.cnpj) : null,
    cpf: c.cpf ? maskCpf(c.cpf) : null,
    cnes: c.cnes,
    nire: c.nire,
    email: c.email,
    emailRF: c.emailRF,
    telefone: masked(c.telefone),
    celularWhatsApp: masked(c.celularWhatsApp),
    telefoneResponsavel: masked(c.telefoneResponsavel),
    celularWhatsAppResponsavel: masked(c.celularWhatsAppResponsavel),
    cep: c.cep ? maskCep(c.cep) : null,
    endereco: c.endereco,
    numero: c.numero,
    complemento: c.complemento,
    bairro: c.bairro,
    cidade: c.cidade,
    estado: c.estado,
    pais: c.pais,
    nomeCompletoResponsavel: c.nomeCompletoResponsavel,
    cargo: c.cargo,
    dataNascimento: c.dataNascimento,
    nomeCompletoAssinanteDBE: c.nomeCompletoAssinanteDBE,
    cargoAssinanteDBE: c.cargoAssinanteDBE,
    dataNascimentoAssinanteDBE: c.dataNascimentoAssinanteDBE,
    status: c.status,
    tipoClienteId: c.tipoClienteId,
    ...(tipo === undefined ? {} : { tipoCliente: tipo ? toTipoClienteResponse(tipo) : null }),
    createdAt: toIso(c.createdAt) ?? '',
    updatedAt: toIso(c.updatedAt) ?? '',
  };
}

/** Copies the optional fields of a form onto the entity, storing numbers without masks. */
export function applyClienteFields(target: Cliente, dto: ClienteFieldsDto): void {
  const entries = Object.entries(dto) as [keyof ClienteFieldsDto, unknown][];
  for (const [key, value] of entries) {
    if (value === undefined) continue;
    (target as unknown as Record<string, unknown>)[key] = value;
  }
  for (const key of PHONES) {
    const v = target[key];
    if (v) target[key] = onlyDigits(v);
  }
  if (target.cep) target.cep = cleanCep(target.cep);
  if (!target.pais) target.pais = 'Brasil';
}

/**
 * Folds text for `busca`: no accents, no case, and plain ASCII (what folding leaves outside it, such
 * as ß or emoji, is dropped), so the column can be compared byte by byte (ascii_bin on MySQL).
 * Applied to the stored text and to the query alike.
 */
export function foldBusca(text: string): string {
  return normalizeSearch(text).replace(/[^\x20-\x7e]/g, '');
}

/** Search text without accents or case: razão social, nome fantasia, e-mail and CNPJ (a founder's CPF while it has none). */
export function clienteBusca(c: Pick<Cliente, 'razaoSocial' | 'nomeFantasia' | 'email' | 'cnpj'> & { cpf?: string | null }): string {
  const documento = c.cnpj ? cleanCnpj(c.cnpj) : (c.cpf ?? '');
  return foldBusca([c.razaoSocial, c.nomeFantasia ?? '', c.email, documento].join(' ')).slice(0, 700);
}

/** A member as the API answers it (never its password nor its invitation's hash). */
export function toMembroResponse(m: ClienteMembro): MembroResponse {
  return {
    _id: m.id,
    nome: m.nome,
    email: m.email,
    cpf: m.cpf ? maskCpf(m.cpf) : null,
    papel: m.papel,
    papelLabel: PAPEL_MEMBRO_LABELS[m.papel] ?? m.papel,
    capacidades: capacidadesDe(m.papel, m.capacidades),
    status: m.status,
    conviteExpiraEm: m.status === 'convidado' && m.conviteExpiraEm ? new Date(m.conviteExpiraEm).toISOString() : null,
    createdAt: new Date(m.createdAt).toISOString(),
  };
}
