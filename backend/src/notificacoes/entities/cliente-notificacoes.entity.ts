import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../platform/database';

/**
 * A client's choice of optional e-mails (issue 53, ADR 0046): one row per client that ever chose;
 * without a row every category is on. Goes with the client (ON DELETE CASCADE); it holds no personal data.
 */
@Entity('cliente_notificacoes')
export class ClienteNotificacoes extends BaseEntity {
  @Index('uq_cliente_notificacoes_cliente', { unique: true })
  @Column({ type: 'varchar', length: 36 })
  clienteId!: string;

  @Column({ type: 'boolean', default: true })
  andamento!: boolean;

  @Column({ type: 'boolean', default: true })
  documentos!: boolean;

  @Column({ type: 'boolean', default: true })
  mensagens!: boolean;

  @Column({ type: 'boolean', default: true })
  cobrancas!: boolean;

  @Column({ type: 'boolean', default: true })
  agenda!: boolean;
}
