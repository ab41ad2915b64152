import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../platform/database';

/**
 * One notice in a client's "Novidades" (issue 53, ADR 0052): written where the notice is queued,
 * before the client's e-mail preferences are asked, so the portal lists it even when its e-mail is
 * off. Goes with the client (ON DELETE CASCADE) and with its erasure (LGPD).
 */
@Entity('cliente_novidades')
@Index('idx_cliente_novidades_cliente_created', ['clienteId', 'createdAt'])
export class ClienteNovidade extends BaseEntity {
  @Column({ type: 'varchar', length: 36 })
  clienteId!: string;

  @Column({ type: 'varchar', length: 60 })
  evento!: string;

  @Column({ type: 'varchar', length: 255 })
  titulo!: string;

  /** A portal path (PORTAL_PATHS), never a full address. */
  @Column({ type: 'varchar', length: 200 })
  link!: string;

  @Column({ type: 'datetime', nullable: true })
  lidaEm!: Date | null;
}
