/**
 * Configurações → E-mail de saída (issue 53, ADR 0055): the relay the firm's system mail leaves
 * through, set by the board in the panel. SMTP_URL in the environment, when set, wins.
 */
import { isValidEmail } from './email';

export type EmailSaidaSeguranca = 'starttls' | 'tls' | 'nenhuma';

export const EMAIL_SAIDA_SEGURANCAS: readonly EmailSaidaSeguranca[] = ['starttls', 'tls', 'nenhuma'];

export const EMAIL_SAIDA_SEGURANCA_LABELS: Readonly<Record<EmailSaidaSeguranca, string>> = {
  starttls: 'STARTTLS (porta 587)',
  tls: 'TLS direto (porta 465)',
  nenhuma: 'Sem criptografia (somente rede interna)',
};

/** Where the relay in use comes from: the environment (SMTP_URL), this screen, or nowhere. */
export type EmailSaidaFonte = 'ambiente' | 'painel' | 'nenhuma';

/** What GET /api/configuracoes/email-saida answers: never the password, only whether there is one. */
export interface EmailSaidaConfig {
  fonte: EmailSaidaFonte;
  /** The settings kept by the panel (null: none saved). */
  painel: {
    host: string;
    porta: number;
    seguranca: EmailSaidaSeguranca;
    usuario: string | null;
    senhaDefinida: boolean;
    remetenteEmail: string | null;
    remetenteNome: string | null;
    atualizadoEm: string;
  } | null;
}

/** PUT's body. `senha` absent keeps the stored one; an empty `usuario` removes user and password. */
export interface EmailSaidaInput {
  host: string;
  porta: number;
  seguranca: EmailSaidaSeguranca;
  usuario?: string | null;
  senha?: string | null;
  remetenteEmail?: string | null;
  remetenteNome?: string | null;
}

export const EMAIL_SAIDA_MESSAGES = {
  host: 'Informe o servidor de envio (ex.: smtp.provedor.com.br), sem espaços nem "smtp://".',
  porta: 'A porta deve ser um número de 1 a 65535.',
  seguranca: 'Escolha a segurança da conexão: starttls, tls ou nenhuma.',
  remetente: 'Informe um e-mail de remetente válido (ex.: avisos@suaempresa.com.br).',
  senhaSemUsuario: 'Informe o usuário junto com a senha.',
} as const;

/** A host name (RFC 1123 labels) or an IPv4/IPv6 literal; no scheme, port, path or spaces. */
export function isRelayHost(value: string): boolean {
  const v = value.trim();
  if (!v || v.length > 253) return false;
  if (/^\[?[0-9a-f:.]+\]?$/i.test(v) && v.includes(':')) return true;
  return /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(v);
}

/** The field's problem in pt-BR, or null (the panel's validators and the server's DTO share these). */
export function emailSaidaHostProblem(value: unknown): string | null {
  return typeof value === 'string' && isRelayHost(value) ? null : EMAIL_SAIDA_MESSAGES.host;
}

export function emailSaidaPortaProblem(value: unknown): string | null {
  const n = typeof value === 'string' && value.trim() ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 65535 ? null : EMAIL_SAIDA_MESSAGES.porta;
}

export function emailSaidaRemetenteProblem(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'string' && isValidEmail(value.trim()) ? null : EMAIL_SAIDA_MESSAGES.remetente;
}
