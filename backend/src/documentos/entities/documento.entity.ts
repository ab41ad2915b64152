import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../platform/database';

export type EnviadoPor = 'cliente' | 'equipe';

/**
 * A file of a client, optionally of one of its registros. The bytes are in the document storage
 * under `storageKey`; the row is written only once the file is in place.
 */
@Entity('documentos')
@Index('ix_documentos_cliente_created', ['clienteId', 'createdAt'])
@Index('ix_documentos_registro', ['registroId'])
@Index('ix_documentos_created', ['createdAt', 'id'])
@Index('ix_documentos_tipo_created', ['tipo', 'createdAt', 'id'])
@Index('ix_documentos_enviado_created', ['enviadoPor', 'createdAt', 'id'])
@Index('uq_documentos_origem_email', ['origemEmailId', 'origemAnexoIndice', 'registroId'], { unique: true })
@Index('ix_documentos_mensagem', ['mensagemId'])
export class Documento extends BaseEntity {
  @Column({ type: 'varchar', length: 36 })
  clienteId!: string;

  @Column({ type: 'varchar', length: 36, nullable: true })
  registroId!: string | null;

  @Column({ type: 'varchar', length: 200 })
  titulo!: string;

  /** The sender's file name, cleaned (no folders, no control characters); shown and used on download. */
  @Column({ type: 'varchar', length: 255 })
  nomeArquivo!: string;

  /** Title and file name without accents or case (documentoBusca): what the list's search reads. */
  @Column({ type: 'varchar', length: 460, default: '' })
  busca!: string;

  /** Decided from the content, not from the name or the browser's word. */
  @Column({ type: 'varchar', length: 100 })
  mime!: string;

  /** 'PDF', 'Imagem', 'Word', ... */
  @Column({ type: 'varchar', length: 20 })
  tipo!: string;

  @Column({ type: 'int' })
  tamanho!: number;

  @Column({ type: 'varchar', length: 64 })
  sha256!: string;

  @Column({ type: 'varchar', length: 200 })
  storageKey!: string;

  @Column({ type: 'varchar', length: 10 })
  enviadoPor!: EnviadoPor;

  @Column({ type: 'varchar', length: 36, nullable: true })
  enviadoPorId!: string | null;

  @Column({ type: 'varchar', length: 200 })
  enviadoPorNome!: string;

  @Column({ type: 'datetime', nullable: true })
  baixadoClienteEm!: Date | null;

  @Column({ type: 'datetime', nullable: true })
  lidoEquipeEm!: Date | null;

  /** The mailbox copy this file was an attachment of ("Anexar ao registro", ADR 0051); null for uploads. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  origemEmailId!: string | null;

  /** Which attachment of origemEmailId (its position in the reader, from 0): one document per attachment and registro. */
  @Column({ type: 'int', nullable: true })
  origemAnexoIndice!: number | null;

  /** The message of the registro's conversation this file came with (ADR 0057); null for other documents. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  mensagemId!: string | null;
}
