import { Column, Entity } from 'typeorm';
import type { EmailSaidaSeguranca } from '@veritas/common';
import { BaseEntity } from '../../platform/database';

/** The row's one id: the settings are a single record. */
export const EMAIL_SAIDA_ID = 'relay';

/**
 * Configurações → E-mail de saída (issue 53, ADR 0055): the relay set by the board. The password is
 * sealed (secret-box, SETTINGS_SECRET); it is never returned by the API nor shown in the audit trail.
 */
@Entity('email_saida')
export class EmailSaida extends BaseEntity {
  @Column({ type: 'varchar', length: 253 })
  host!: string;

  @Column({ type: 'int' })
  porta!: number;

  @Column({ type: 'varchar', length: 10 })
  seguranca!: EmailSaidaSeguranca;

  @Column({ type: 'varchar', length: 255, nullable: true })
  usuario!: string | null;

  @Column({ type: 'varchar', length: 1200, nullable: true })
  senhaCifrada!: string | null;

  /** When the password was last set or removed: what the audit trail shows of it. */
  @Column({ type: 'datetime', nullable: true })
  senhaAlteradaEm!: Date | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  remetenteEmail!: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  remetenteNome!: string | null;
}
