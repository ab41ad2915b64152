// The firm's identity and contact data, in one place. Any firm of this kind can run the product as
// its own by setting the FIRM_* / BRAND_NAME variables: the server reads them at start-up and the
// public site at build time (it is prerendered), both through firmFromEnv.
export interface FirmConfig {
  brandName: string;
  /** The firm's CNPJ (FIRM_CNPJ, digits or masked), printed on receipts; empty when not configured. */
  cnpj: string;
  tagline: string;
  address: string;
  city: string;
  state: string;
  cep: string;
  phone: string;
  phone2: string;
  whatsapp: string;
  email: string;
  priorityEmail: string;
  hoursWeekdays: string;
  hoursSaturday: string;
  siteUrl: string;
  instagram: string;
  linkedin: string;
  facebook: string;
}

export const DEFAULT_FIRM: FirmConfig = {
  brandName: 'Veritas Assessoria Empresarial',
  cnpj: '',
  tagline: 'Aquele que traz a verdade',
  address: 'Av. Paulista, 1000, conj. 101, Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  cep: '01310-100',
  phone: '(11) 3000-0000',
  phone2: '(11) 3000-0001',
  whatsapp: '(11) 99999-0000',
  email: 'contato@veritas.com.br',
  priorityEmail: 'urgente@veritas.com.br',
  hoursWeekdays: 'Segunda a sexta, das 9h às 18h',
  hoursSaturday: 'Sábado, das 9h às 13h',
  siteUrl: 'http://localhost:3000',
  instagram: 'https://www.instagram.com/veritasassessoria',
  linkedin: 'https://www.linkedin.com/company/veritasassessoria',
  facebook: 'https://www.facebook.com/veritasassessoria',
};

const ENV_KEYS: Record<keyof FirmConfig, string> = {
  brandName: 'BRAND_NAME',
  cnpj: 'FIRM_CNPJ',
  tagline: 'BRAND_TAGLINE',
  address: 'FIRM_ADDRESS',
  city: 'FIRM_CITY',
  state: 'FIRM_STATE',
  cep: 'FIRM_CEP',
  phone: 'FIRM_PHONE',
  phone2: 'FIRM_PHONE2',
  whatsapp: 'FIRM_WHATSAPP',
  email: 'FIRM_EMAIL',
  priorityEmail: 'FIRM_PRIORITY_EMAIL',
  hoursWeekdays: 'FIRM_HOURS_WEEKDAYS',
  hoursSaturday: 'FIRM_HOURS_SATURDAY',
  siteUrl: 'SITE_URL',
  instagram: 'FIRM_INSTAGRAM',
  linkedin: 'FIRM_LINKEDIN',
  facebook: 'FIRM_FACEBOOK',
};

/** The firm's configuration: defaults overridden by non-empty environment variables. */
export function firmFromEnv(env: Record<string, string | undefined>): FirmConfig {
  const firm = { ...DEFAULT_FIRM };
  for (const key of Object.keys(ENV_KEYS) as (keyof FirmConfig)[]) {
    const value = env[ENV_KEYS[key]]?.trim();
    if (value) firm[key] = value;
  }
  return firm;
}

/** Names of the variables, for .env.example and error messages. */
export const FIRM_ENV_KEYS: Readonly<Record<keyof FirmConfig, string>> = ENV_KEYS;
