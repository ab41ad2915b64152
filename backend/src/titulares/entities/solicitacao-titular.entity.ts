import { Column, Entity, Index } from 'typeorm';
import type { CorrecaoDados, SolicitacaoStatus, SolicitacaoTipo } from '@veritas/common';
import { BaseEntity } from '../../platform/database';

/**
 * A data subject's request under the LGPD (art. 18): a copy of its data (exportacao), a correction
 * of identity fields (correcao) or the erasure of its personal data (eliminacao), with the staff's
 * answer. Kept after an erasure (the proof that the request was answered), without the client's
 * personal data: the client is referred to by id.
 */
@Entity('solicitacoes_titulares')
@Index('ix_solicitacoes_titulares_lista', ['status', 'createdAt'])
@Index('ix_solicitacoes_titulares_cliente', ['clienteId', 'createdAt'])
export class SolicitacaoTitular extends BaseEntity {
  @Column({ type: 'varchar', length: 36 })
  clienteId!: string;

  @Column({ type: 'varchar', length: 20 })
  tipo!: SolicitacaoTipo;

  @Column({ type: 'varchar', length: 20 })
  status!: SolicitacaoStatus;

  @Column({ type: 'text', nullable: true })
  motivo!: string | null;

  /** correcao: the values asked for ({ razaoSocial?, cnpj? }), as JSON text. */
  @Column({ type: 'simple-json', nullable: true })
  dados!: CorrecaoDados | null;

  @Column({ type: 'text', nullable: true })
  resposta!: string | null;

  @Column({ type: 'datetime', nullable: true })
  respondidaEm!: Date | null;

  @Column({ type: 'varchar', length: 36, nullable: true })
  respondidaPorId!: string | null;

  /** Kept as text: the record outlives a deleted user. */
  @Column({ type: 'varchar', length: 160, nullable: true })
  respondidaPorNome!: string | null;

  /** When the answer was queued to the client's e-mail (mail outbox). */
  @Column({ type: 'datetime', nullable: true })
  respostaEnviadaEm!: Date | null;

  /** exportacao: the ZIP in the document storage ("exportacoes/<cliente>/<id>"), once generated. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  arquivoKey!: string | null;

  /** exportacao: the ZIP's size as the client will download it (its parts and the documents' files). */
  @Column({ type: 'int', nullable: true })
  tamanho!: number | null;

  /** exportacao: the bytes it keeps in the storage (the JSON parts; counted against EXPORT_STORAGE_MAX_MB). */
  @Column({ type: 'int', nullable: true })
  armazenado!: number | null;

  /** exportacao: how many times its generation started (resumed once after a crash, then failed). */
  @Column({ type: 'int', default: 0 })
  tentativas!: number;

  /** exportacao: the download answers 410 after this instant (and the file is removed). */
  @Column({ type: 'datetime', nullable: true })
  expiraEm!: Date | null;

  /** exportacao that failed: the reason, for the logs and the client ("tente de novo"). */
  @Column({ type: 'varchar', length: 300, nullable: true })
  erro!: string | null;
}
