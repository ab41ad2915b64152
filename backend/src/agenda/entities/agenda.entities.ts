import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { EventoTipo } from '@veritas/common';
import { BaseEntity } from '../../platform/database';


/**
 * A commitment staff put in the calendar. Times are UTC instants (whole minutes); a recurring one
 * keeps its RRULE (RFC 5545, without DTSTART: the start is `inicio`, read in America/Sao_Paulo).
 */
@Entity('agenda_eventos')
@Index('ix_agenda_eventos_inicio', ['inicio'])
@Index('ix_agenda_eventos_criador', ['criadoPorId', 'inicio'])
@Index('ix_agenda_eventos_cliente', ['clienteId', 'inicio'])
export class AgendaEvento extends BaseEntity {
  @Column({ type: 'varchar', length: 12 })
  tipo!: EventoTipo;

  @Column({ type: 'varchar', length: 200 })
  titulo!: string;

  @Column({ type: 'datetime' })
  inicio!: Date;

  @Column({ type: 'datetime' })
  fim!: Date;

  @Column({ type: 'boolean', default: false })
  diaInteiro!: boolean;

  @Column({ type: 'varchar', length: 300, nullable: true })
  local!: string | null;

  /** A video-call address. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  link!: string | null;

  @Column({ type: 'varchar', length: 36, nullable: true })
  clienteId!: string | null;

  @Column({ type: 'varchar', length: 36, nullable: true })
  registroId!: string | null;

  @Column({ type: 'text', nullable: true })
  notas!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  rrule!: string | null;

  /** End of the last occurrence of a recurrence that ends (COUNT/UNTIL); null while it goes on. */
  @Column({ type: 'datetime', nullable: true })
  recorrenciaFim!: Date | null;

  @Column({ type: 'int', nullable: true })
  lembreteMinutos!: number | null;

  @Column({ type: 'boolean', default: false })
  convidarCliente!: boolean;

  /** Bumped on every change, for the invitation's SEQUENCE. */
  @Column({ type: 'int', default: 0 })
  sequencia!: number;

  @Column({ type: 'varchar', length: 36 })
  criadoPorId!: string;
}

/** A staff member taking part in an event. */
@Entity('agenda_participantes')
@Index('ix_agenda_participantes_user', ['userId'])
export class AgendaParticipante {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  eventoId!: string;

  @PrimaryColumn({ type: 'varchar', length: 36 })
  userId!: string;
}

/** A reminder sent: one per event and occurrence (its start), written with its outbox row. */
@Entity('agenda_lembretes')
@Index('uq_agenda_lembretes_ocorrencia', ['eventoId', 'ocorrencia'], { unique: true })
export class AgendaLembrete extends BaseEntity {
  @Column({ type: 'varchar', length: 36 })
  eventoId!: string;

  @Column({ type: 'datetime' })
  ocorrencia!: Date;
}

/** A staff member's secret calendar-feed address, stored as the SHA-256 of its token. */
@Entity('agenda_feeds')
export class AgendaFeed extends BaseEntity {
  @Index('uq_agenda_feeds_user', { unique: true })
  @Column({ type: 'varchar', length: 36 })
  userId!: string;

  @Index('uq_agenda_feeds_token', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  tokenHash!: string;

  /** The owner's sessions' version when it was made: a later password or permission change ends the feed (404). */
  @Column({ type: 'int', default: 0 })
  tokenVersion!: number;
}
