/*
 * A staff member's recovery e-mail (issue 53, ADR 0048): where their password-reset links go. It must
 * be outside the firm's own domain (mail there lands in the panel's mailbox, which opens only after
 * signing in), and it counts only once confirmed by a link.
 */

/** GET/PUT /api/auth/recuperacao: the signed-in staff member's recovery e-mail (null: none). */
export interface EmailRecuperacaoResponse {
  email: string;
  verificado: boolean;
  verificadoEm: string | null;
}

/** Whether an address is on the firm's domain (or one of its subdomains). */
export function isFirmDomainEmail(email: string, mailDomain: string): boolean {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  const firm = mailDomain.trim().toLowerCase();
  return !!firm && (domain === firm || domain.endsWith(`.${firm}`));
}

/** The refusal (422) of an address on the firm's domain. */
export function firmDomainRecoveryMessage(mailDomain: string): string {
  return (
    `O e-mail de recuperação precisa ser de fora da empresa: endereços @${mailDomain} chegam à caixa do painel, ` +
    'que só abre depois de entrar. Informe um e-mail pessoal.'
  );
}
