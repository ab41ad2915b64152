import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { mailDomain, mailLinkCandidates, normalizeMailAddress, type MailLinkCandidates } from '@veritas/common';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { insertRows } from '../platform/database';
import { EmailVinculo } from './entities/email-vinculo.entity';
import type { MailMessage } from './entities/mail-message.entity';
import type { NewMessage } from './mailbox.service';

/** A link before it is a row: a client, a registro (with its client), or both. */
export interface FiledLink {
  clienteId: string | null;
  registroId: string | null;
}

// A domain safe to put in a LIKE pattern: no wildcard characters.
const PLAIN_DOMAIN = /^[a-z0-9.-]+$/;

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * Files messages under their client and registro at ingest (issue 56), inside the transaction
 * that stores them: the rules are packages/common's mail-links; this looks their findings up
 * with at most six queries per batch, whatever its size. Plain SQL on the clientes, cliente_membros, registros and
 * registro_etapas tables: those features import mail, so mail cannot import them (no folder cycles).
 */
@Injectable()
export class MailFiling {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The links of each message, in order. */
  async links(em: EntityManager, messages: readonly NewMessage[]): Promise<FiledLink[][]> {
    const own = [this.config.mailDomain];
    const found = messages.map((m) =>
      mailLinkCandidates({ addresses: [m.from, ...m.to, ...m.cc, ...m.bcc].map((a) => a.address), subject: m.subject, text: m.text, ownDomains: own }),
    );
    const all = (k: keyof MailLinkCandidates) => [...new Set(found.flatMap((c) => c[k]))];
    // One after the other: they share the transaction's connection.
    const byAddress = await this.clientesByAddress(em, all('addresses'));
    const byDomain = await this.clientesByDomain(em, all('domains').filter((d) => PLAIN_DOMAIN.test(d)));
    const byCnpj = await this.lookup(em, 'SELECT id, cnpj AS k FROM clientes WHERE cnpj IN', all('cnpjs'));
    const byNumero = await this.registrosByNumero(em, all('protocolos'));
    const byEtapa = await this.registrosByProtocoloEtapa(em, all('protocolosEtapa'));
    return found.map((c) => {
      const clientes = new Set<string>();
      for (const a of c.addresses) {
        const id = byAddress.get(a) ?? byDomain.get(mailDomain(a));
        if (id) clientes.add(id);
      }
      for (const cnpj of c.cnpjs) if (byCnpj.has(cnpj)) clientes.add(byCnpj.get(cnpj)!);
      const registros = new Map<string, string>();
      for (const r of [...c.protocolos.map((p) => byNumero.get(p)), ...c.protocolosEtapa.map((k) => byEtapa.get(k))]) if (r) registros.set(r.id, r.clienteId);
      const out: FiledLink[] = [...registros].map(([registroId, clienteId]) => ({ clienteId, registroId }));
      // Kept even when a registro row names the same client: whoever may not see that registro still sees the client (the reader folds the two).
      for (const id of clientes) out.push({ clienteId: id, registroId: null });
      return out;
    });
  }

  /** Writes the links of stored rows (each mailbox's copy gets its own), in the caller's transaction. */
  async write(em: EntityManager, rows: readonly MailMessage[], links: readonly FiledLink[]): Promise<void> {
    if (!links.length || !rows.length) return;
    await insertRows(
      em,
      EmailVinculo,
      rows.flatMap((row) => links.map((l) => em.create(EmailVinculo, { emailId: row.id, clienteId: l.clienteId, registroId: l.registroId, origem: 'auto' }))),
    );
  }

  /**
   * The client whose registered address it is, or whose member's (ADR 0058: a partner's, the accountant's own
   * address; not a removed member's); the company's own address wins when both name one.
   */
  private async clientesByAddress(em: EntityManager, addresses: string[]): Promise<Map<string, string>> {
    const membros = await this.lookup(em, "SELECT clienteId AS id, email AS k FROM cliente_membros WHERE status <> 'removido' AND email IN", addresses, normalizeMailAddress);
    const empresas = await this.lookup(em, 'SELECT id, email AS k FROM clientes WHERE email IN', addresses, normalizeMailAddress);
    return new Map([...membros, ...empresas]);
  }

  /** A domain that is exactly one client's own; a domain two clients share files under neither. */
  private async clientesByDomain(em: EntityManager, domains: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (!domains.length) return out;
    const rows: { id: string; email: string }[] = await em.query(`SELECT id, email FROM clientes WHERE ${domains.map(() => 'email LIKE ?').join(' OR ')}`, domains.map((d) => `%@${d}`));
    const shared = new Set<string>();
    for (const r of rows) {
      const d = mailDomain(r.email);
      if (out.has(d) && out.get(d) !== r.id) shared.add(d);
      out.set(d, r.id);
    }
    for (const d of shared) out.delete(d);
    return out;
  }

  private async registrosByNumero(em: EntityManager, numeros: string[]): Promise<Map<string, { id: string; clienteId: string }>> {
    const out = new Map<string, { id: string; clienteId: string }>();
    if (!numeros.length) return out;
    const rows: { id: string; clienteId: string; numero: string }[] = await em.query(`SELECT id, clienteId, numero FROM registros WHERE numero IN (${marks(numeros.length)})`, numeros);
    for (const r of rows) out.set(r.numero, { id: r.id, clienteId: r.clienteId });
    return out;
  }

  /**
   * Registros by a protocol one of their stages holds (the Junta's), by its key: one seek of
   * ix_registro_etapas_protocolo per number. A number two registros share files under neither.
   */
  private async registrosByProtocoloEtapa(em: EntityManager, chaves: string[]): Promise<Map<string, { id: string; clienteId: string }>> {
    const out = new Map<string, { id: string; clienteId: string }>();
    if (!chaves.length) return out;
    const rows: { id: string; clienteId: string; k: string }[] = await em.query(
      `SELECT r.id, r.clienteId, e.protocoloChave AS k FROM registro_etapas e JOIN registros r ON r.id = e.registroId WHERE e.protocoloChave IN (${marks(chaves.length)})`,
      chaves,
    );
    const shared = new Set<string>();
    for (const r of rows) {
      if (out.has(r.k) && out.get(r.k)!.id !== r.id) shared.add(r.k);
      out.set(r.k, { id: r.id, clienteId: r.clienteId });
    }
    for (const k of shared) out.delete(k);
    return out;
  }

  private async lookup(em: EntityManager, sql: string, keys: string[], norm: (k: string) => string = (k) => k): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (!keys.length) return out;
    const rows: { id: string; k: string }[] = await em.query(`${sql} (${marks(keys.length)})`, keys);
    for (const r of rows) out.set(norm(r.k), r.id);
    return out;
  }
}
