/** Finanças' pt-BR answers that more than one of its services (and its routes) give. */
export const COBRANCA_NOT_FOUND = 'Cobrança não encontrada.';
export const PAGAMENTO_NOT_FOUND = 'Pagamento não encontrado.';
export const CLIENTE_NOT_FOUND = 'Cliente não encontrado.';
export const SO_ABERTA = 'Só uma cobrança aberta pode receber pagamentos ou ser alterada.';
export const COM_PAGAMENTO = 'A cobrança já tem pagamentos: linhas e vencimento não mudam mais (cancele e emita outra, se preciso).';
export const CHANGED_MEANWHILE = 'A cobrança foi alterada por outra pessoa enquanto isso. Recarregue e tente de novo.';
