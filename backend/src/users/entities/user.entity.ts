import { Column, Entity, Index } from 'typeorm';
import type { StaffPermission } from '@veritas/common';
import { BaseEntity } from '../../platform/database';

@Entity('users')
export class User extends BaseEntity {
  @Index('uq_users_username', { unique: true })
  @Column({ type: 'varchar', length: 40 })
  username!: string;

  @Column({ type: 'varchar', length: 160 })
  nomeCompleto!: string;

  /** username@MAIL_DOMAIN, derived by the server and never edited directly. */
  @Index('uq_users_email', { unique: true })
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 255 })
  passwordHash!: string;

  /** Tokens issued before this instant are refused (a password change ends other sessions). */
  @Column({ type: 'datetime', nullable: true })
  passwordChangedAt!: Date | null;

  /** Sessions' version (issue 54): a token carries the one it was issued under; a password or permission change and "Sair de todos os dispositivos" add one, ending every token and agenda feed issued before. */
  @Column({ type: 'int', default: 0 })
  tokenVersion!: number;

  @Column({ type: 'boolean' })
  isAdmin!: boolean;

  /** JSON array of StaffPermission; filtered in SQL with LIKE '%"Master"%'. */
  @Column({ type: 'varchar', length: 255, transformer: {
    to: (v: StaffPermission[] | undefined) => JSON.stringify(v ?? []),
    from: (v: unknown) => (Array.isArray(v) ? v : typeof v === 'string' && v ? (JSON.parse(v) as StaffPermission[]) : []),
  } })
  permissions!: StaffPermission[];
}
