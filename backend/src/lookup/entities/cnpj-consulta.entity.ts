import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../platform/database';

/**
 * The last answer the CNPJ provider gave for a CNPJ, kept so that repeated lookups do not spend the
 * provider's small quota and so that an answer exists when the provider is down.
 */
@Entity('cnpj_consultas')
export class CnpjConsulta extends BaseEntity {
  /** Clean: 14 characters A–Z/0–9. */
  @Index('uq_cnpj_consultas_cnpj', { unique: true })
  @Column({ type: 'varchar', length: 14 })
  cnpj!: string;

  /** The provider's JSON, as received (CNPJá "office" format). MEDIUMTEXT on MySQL. */
  @Column({ type: 'text' })
  payload!: string;

  /** When the provider gave this answer (UTC). */
  @Column({ type: 'datetime' })
  fetchedAt!: Date;
}
