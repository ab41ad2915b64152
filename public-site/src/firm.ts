import type { FirmConfig, PrivacyConfig } from '@veritas/common';

/**
 * The firm's name, contacts and social links (packages/common/src/firm.ts), read from the
 * environment when the site is BUILT: vite.config.ts runs firmFromEnv(process.env) and inlines the
 * result as __FIRM__, so the prerendered HTML and any island in the browser show the same data.
 */
export const firm: FirmConfig = __FIRM__;

/** The encarregado (DPO) and the contact messages' retention, read at build time like the firm's data. */
export const privacy: PrivacyConfig = __PRIVACY__;

/** A tel: link for a Brazilian phone as the firm writes it, "(11) 3000-0000" -> tel:+551130000000. */
export function telHref(phone: string): string {
  return `tel:+55${phone.replace(/\D/g, '')}`;
}

/** WhatsApp's click-to-chat link: opens the app or its site only when the visitor clicks. */
export function whatsappHref(phone: string, text?: string): string {
  const query = text ? `?text=${encodeURIComponent(text)}` : '';
  return `https://wa.me/55${phone.replace(/\D/g, '')}${query}`;
}

export function mailHref(address: string, subject?: string): string {
  return `mailto:${address}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
}

/** The firm's full postal address on one line. */
export function fullAddress(f = firm): string {
  return `${f.address}, ${f.city} - ${f.state}, CEP ${f.cep}`;
}
