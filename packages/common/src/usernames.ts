/**
 * Staff usernames that would let a person pass for the system: each one is also a mailbox
 * (username@MAIL_DOMAIN), and mail from postmaster@, abuse@ or nao-responda@ is read as the firm's
 * own. RFC 2142's operational mailboxes, the usual system accounts and our own system sender.
 * The firm's business mailboxes (diretoria, suporte, financeiro, info) stay free to use.
 */
export const SYSTEM_SENDER_LOCAL_PART = 'nao-responda';

export const RESERVED_USERNAMES: readonly string[] = [
  SYSTEM_SENDER_LOCAL_PART,
  'noreply',
  'no-reply',
  'donotreply',
  'do-not-reply',
  'postmaster',
  'hostmaster',
  'webmaster',
  'abuse',
  'security',
  'noc',
  'mailer-daemon',
  'daemon',
  'root',
  'admin',
  'administrator',
  'administrador',
  'contato',
  'nobody',
  'www',
  'ftp',
  'usenet',
  'news',
  'uucp',
];

/** Dots, hyphens and underscores do not make a different name to a reader: no.reply is noreply. */
const fold = (name: string) => name.trim().toLowerCase().replace(/[._-]/g, '');

const RESERVED_FOLDED: ReadonlySet<string> = new Set(RESERVED_USERNAMES.map(fold));

export const reservedUsernameMessage = (username: string) =>
  `O nome de usuário "${username.trim().toLowerCase()}" é reservado a endereços do sistema. Escolha outro.`;

/**
 * Whether `username` is one of the reserved names (or written like one), or one of `alsoReserved`
 * (a caller may add names of its own).
 */
export function isReservedUsername(username: string, alsoReserved: readonly string[] = []): boolean {
  const f = fold(username);
  return f !== '' && (RESERVED_FOLDED.has(f) || alsoReserved.some((r) => fold(r) === f));
}
