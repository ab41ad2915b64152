/*
 * What the forms send about a client company (§2.9, §2.12, §3.3): the public registration and the
 * staff's create/edit, written once for the site's and the panel's forms and the server's DTOs.
 * The company as answered is ClienteResponse (../api-types.ts).
 */
import type { CnpjLookupResponse } from '../api-types';

/** The fields of POST /api/clientes/register, in the form's order (every one typed as text). */
export const CLIENTE_CADASTRO_CAMPOS = [
  'razaoSocial', 'nomeFantasia', 'cnpj', 'nire', 'email', 'telefone', 'celularWhatsApp',
  'cep', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'estado', 'pais',
  'nomeCompletoResponsavel', 'cargo', 'dataNascimento', 'emailRF', 'telefoneResponsavel', 'celularWhatsAppResponsavel',
  'nomeCompletoAssinanteDBE', 'cargoAssinanteDBE', 'dataNascimentoAssinanteDBE',
  'password',
] as const;

export type ClienteCadastroCampo = (typeof CLIENTE_CADASTRO_CAMPOS)[number];

/** POST /api/clientes/register: razão social, CNPJ, e-mail and password required; the rest may be ''. */
export type ClienteCadastroInput = Record<ClienteCadastroCampo, string>;

/** The fields of POST /api/clientes and PUT /api/clientes/:id (staff), in the form's order. */
export const CLIENTE_EQUIPE_CAMPOS = [
  'razaoSocial', 'nomeFantasia', 'cnpj', 'cnes', 'nire', 'email', 'emailRF',
  'telefone', 'celularWhatsApp', 'telefoneResponsavel', 'celularWhatsAppResponsavel',
  'cep', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'estado', 'pais',
  'nomeCompletoResponsavel', 'cargo', 'dataNascimento',
  'nomeCompletoAssinanteDBE', 'cargoAssinanteDBE', 'dataNascimentoAssinanteDBE',
  'status', 'tipoClienteId',
] as const;

export type ClienteEquipeCampo = (typeof CLIENTE_EQUIPE_CAMPOS)[number];

/** POST /api/clientes, PUT /api/clientes/:id: every field as text ('' clears it; absent keeps it on edit), the password only when set. */
export type ClienteInput = Partial<Record<ClienteEquipeCampo | 'password', string>>;

/** What a CNPJ lookup says about its answer (where it came from, how old it is). */
export type CnpjLookupMeta = CnpjLookupResponse['meta'];
