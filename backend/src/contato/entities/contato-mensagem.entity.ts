import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../platform/database';

/**
 * A message sent through the public contact form (§3.2). The visitor's consent to the terms is
 * kept with its moment (LGPD: proof of the legal basis for using the data); the IP is not stored.
 * Telephone clean (digits), masked again in responses.
 */
@Entity('contato_mensagens')
// The staff list: unread first, newest first (migration 1764100000000).
@Index('ix_contato_lista', ['lida', 'createdAt'])
export class ContatoMensagem extends BaseEntity {
  @Column({ type: 'varchar', length: 120 })
  nome!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 11 })
  telefone!: string;

  @Column({ type: 'varchar', length: 160, nullable: true })
  empresa!: string | null;

  @Column({ type: 'varchar', length: 60 })
  assunto!: string;

  @Column({ type: 'text' })
  mensagem!: string;

  /** Always true: a message without consent is refused, never stored. */
  @Column({ type: 'boolean' })
  aceiteTermos!: boolean;

  /** When the visitor consented (the moment the server received the form), UTC. */
  @Column({ type: 'datetime' })
  aceiteTermosEm!: Date;

  /** Opened by someone of the staff. */
  @Column({ type: 'boolean', default: false })
  lida!: boolean;

  @Column({ type: 'boolean', default: false })
  tratada!: boolean;

  @Column({ type: 'datetime', nullable: true })
  tratadaEm!: Date | null;

  /** Name of who marked it handled, kept as text: the record outlives a deleted user. */
  @Column({ type: 'varchar', length: 160, nullable: true })
  tratadaPor!: string | null;

  /** The last reply by e-mail (the reply itself is in the sender's Enviados). */
  @Column({ type: 'datetime', nullable: true })
  respondidaEm!: Date | null;

  @Column({ type: 'varchar', length: 160, nullable: true })
  respondidaPor!: string | null;

  /** nome, e-mail, empresa, telefone, assunto and mensagem folded (lower case, no accents) for search. */
  @Column({ type: 'text' })
  busca!: string;
}
