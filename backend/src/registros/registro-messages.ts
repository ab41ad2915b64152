/** The registros' pt-BR answers that more than one of their services (and other modules' routes) give. */
export const REGISTRO_NOT_FOUND = 'Registro não encontrado.';
export const CLIENTE_NOT_FOUND = 'Cliente não encontrado.';
export const RESPONSAVEL_NOT_FOUND = 'Responsável não encontrado: informe um usuário da equipe.';
export const CHANGED_MEANWHILE = 'O registro foi alterado por outra pessoa enquanto isso. Recarregue e tente de novo.';
export const ALREADY_ASSIGNED = 'Este registro já tem um responsável.';
export const ASSOCIADO_ASSIGN_SELF = 'Um associado só pode assumir um registro sem responsável, ou deixar um que é seu.';
export const CLOSED_NO_ASSIGN = 'Um registro encerrado não muda de responsável.';
export const JUNTA_ONLY_STAFF = 'A Junta Comercial é escolhida pela equipe.';
export const CLIENTE_ONLY_OWN = 'O campo clienteId é informado apenas pela equipe.';
export const CLIENTE_ID_REQUIRED = 'Informe o cliente (clienteId).';
export const RESPONSAVEL_NOT_WORKER =
  'O responsável precisa ser um usuário que trabalha registros (Master, Diretoria ou Associado); Financeiro e Suporte apenas os consultam.';
