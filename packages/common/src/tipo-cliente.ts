import { parseMoney } from './format';

/** The client-type form's rules (§5), checked by the panel before sending and by the server. */
export const TIPO_NOME_REQUIRED = 'Por favor, preencha o nome do tipo de cliente.';
export const SERVICO_NOME_REQUIRED = 'Por favor, preencha o nome de todos os serviços.';
export const SERVICO_VALOR_NEGATIVO = 'O valor do serviço não pode ser negativo.';

/** The first broken rule, in the form's order (name, then each service's name, then values), or null. */
export function tipoClienteFormError(nome: string, servicos: readonly { nome: string; valor: number | string }[]): string | null {
  if (!nome.trim()) return TIPO_NOME_REQUIRED;
  if (servicos.some((s) => !s.nome.trim())) return SERVICO_NOME_REQUIRED;
  if (servicos.some((s) => parseMoney(s.valor) < 0)) return SERVICO_VALOR_NEGATIVO;
  return null;
}
