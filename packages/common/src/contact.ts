/*
 * The public contact form (spec §3.2, §5): its subjects, limits and rules, shared by the
 * form on the site and POST /api/contato so both say the same thing in the same words.
 */
import { isValidEmail } from './email';
import { isValidPhone } from './phone';

/** The subject options of §3.2, in the spec's order. */
export const CONTACT_SUBJECTS = [
  'Abertura de Empresas',
  'Alterações Contratuais',
  'Certidões e Documentos',
  'Arquivamento de Balanços',
  'Consultoria Empresarial',
  'Baixa de Empresas',
  'Outros Serviços',
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** Bounds that keep one message a message (the spec names none). */
export const CONTACT_LIMITS = {
  nome: 120,
  email: 254,
  telefone: 20,
  empresa: 160,
  mensagem: 5000,
} as const;

export const CONTACT_MESSAGES = {
  nome: 'Nome é obrigatório',
  emailRequired: 'Email é obrigatório',
  emailInvalid: 'Email inválido',
  telefone: 'Telefone é obrigatório',
  telefoneInvalid: 'Telefone inválido',
  assunto: 'Selecione um assunto',
  mensagem: 'Mensagem é obrigatória',
  aceiteTermos: 'Você deve aceitar os termos',
  success: 'Mensagem enviada com sucesso! Entraremos em contato em breve.',
  failure: 'Não foi possível enviar sua mensagem. Tente novamente ou fale conosco por telefone.',
} as const;

export function contactTooLongMessage(label: string, max: number): string {
  return `${label} deve ter no máximo ${max} caracteres`;
}

export interface ContactFormValues {
  nome: string;
  email: string;
  telefone: string;
  empresa: string;
  assunto: string;
  mensagem: string;
  aceiteTermos: boolean;
}

export type ContactField = keyof ContactFormValues;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  nome: '',
  email: '',
  telefone: '',
  empresa: '',
  assunto: '',
  mensagem: '',
  aceiteTermos: false,
};

const LENGTH_LABELS: Partial<Record<ContactField, string>> = {
  nome: 'Nome',
  email: 'Email',
  telefone: 'Telefone',
  empresa: 'Empresa',
  mensagem: 'Mensagem',
};

export function isContactSubject(v: unknown): v is ContactSubject {
  return typeof v === 'string' && (CONTACT_SUBJECTS as readonly string[]).includes(v);
}

/**
 * Every field's first error, in the form's order; an empty object when the message may go.
 * The telephone must be a Brazilian number of 10 or 11 digits: the firm calls back.
 */
export function validateContactForm(values: Partial<ContactFormValues>): ContactErrors {
  const errors: ContactErrors = {};
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const nome = text(values.nome);
  const email = text(values.email);
  const telefone = text(values.telefone);
  const mensagem = text(values.mensagem);

  if (!nome) errors.nome = CONTACT_MESSAGES.nome;
  if (!email) errors.email = CONTACT_MESSAGES.emailRequired;
  else if (!isValidEmail(email)) errors.email = CONTACT_MESSAGES.emailInvalid;
  if (!telefone) errors.telefone = CONTACT_MESSAGES.telefone;
  else if (!isValidPhone(telefone)) errors.telefone = CONTACT_MESSAGES.telefoneInvalid;
  if (!isContactSubject(values.assunto)) errors.assunto = CONTACT_MESSAGES.assunto;
  if (!mensagem) errors.mensagem = CONTACT_MESSAGES.mensagem;
  if (values.aceiteTermos !== true) errors.aceiteTermos = CONTACT_MESSAGES.aceiteTermos;

  for (const field of Object.keys(LENGTH_LABELS) as (keyof typeof CONTACT_LIMITS)[]) {
    const max = CONTACT_LIMITS[field];
    if (!errors[field] && text(values[field]).length > max) {
      errors[field] = contactTooLongMessage(LENGTH_LABELS[field]!, max);
    }
  }
  return errors;
}

/** A contact message as staff see it (GET /api/contato...). Telephone masked; dates ISO UTC. */
export interface ContatoMensagemResponse {
  _id: string;
  nome: string;
  email: string;
  telefone: string;
  empresa: string | null;
  assunto: string;
  mensagem: string;
  aceiteTermos: boolean;
  /** When the visitor consented to the terms (LGPD). */
  aceiteTermosEm: string;
  lida: boolean;
  tratada: boolean;
  tratadaEm: string | null;
  tratadaPor: string | null;
  respondidaEm: string | null;
  respondidaPor: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The tabs of /painel/mensagens, also the list's `status` filter. */
export const CONTATO_STATUS_FILTERS = ['todas', 'nao-lidas', 'pendentes', 'tratadas'] as const;
export type ContatoStatusFilter = (typeof CONTATO_STATUS_FILTERS)[number];
