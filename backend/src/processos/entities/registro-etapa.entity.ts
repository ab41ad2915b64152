import { Column, Entity, Index } from 'typeorm';
import type { EtapaStatus, ResponsavelTipo } from '@veritas/common';
import { BaseEntity } from '../../platform/database';

/** Checklist keys stored as JSON text (both databases). */
export const jsonList = {
  to: (v: string[] | null | undefined) => JSON.stringify(v ?? []),
  from: (v: string | null) => {
    try {
      const parsed: unknown = v ? JSON.parse(v) : [];
      return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      return [];
    }
  },
};

/** One stage of a registro, copied from its service's template when the registro was created. */
@Entity('registro_etapas')
@Index('uq_registro_etapas_ordem', ['registroId', 'ordem'], { unique: true })
@Index('ix_registro_etapas_previsao', ['nome', 'juntaUf', 'status', 'fim'])
export class RegistroEtapa extends BaseEntity {
  @Column({ type: 'varchar', length: 36 })
  registroId!: string;

  /** 1, 2, 3... */
  @Column({ type: 'int' })
  ordem!: number;

  @Column({ type: 'varchar', length: 120 })
  nome!: string;

  @Column({ type: 'varchar', length: 12 })
  responsavelTipo!: ResponsavelTipo;

  /** Expected duration (business days), from the template. */
  @Column({ type: 'int' })
  duracaoDiasUteis!: number;

  @Column({ type: 'text', nullable: true, transformer: jsonList })
  documentos!: string[];

  @Column({ type: 'varchar', length: 12, default: 'pendente' })
  status!: EtapaStatus;

  @Column({ type: 'datetime', nullable: true })
  inicio!: Date | null;

  @Column({ type: 'datetime', nullable: true })
  fim!: Date | null;

  /** Expected end 'YYYY-MM-DD' on the Junta's calendar, set when started. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  prazo!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  protocolo!: string | null;

  /** The protocol by its letters and digits (protocoloChave), indexed: mail naming it is filed under the registro (issue 56). */
  @Index('ix_registro_etapas_protocolo')
  @Column({ type: 'varchar', length: 100, nullable: true })
  protocoloChave!: string | null;

  @Column({ type: 'text', nullable: true })
  nota!: string | null;

  @Column({ type: 'boolean', default: false })
  visivelCliente!: boolean;

  /** The registro's Junta when the stage was created or last finished (the prediction groups by it). */
  @Column({ type: 'varchar', length: 2 })
  juntaUf!: string;

  /** Business days it took (start day to end day on the Junta's calendar), once concluded. */
  @Column({ type: 'int', nullable: true })
  diasUteis!: number | null;
}
