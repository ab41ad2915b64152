import { Column, Entity, PrimaryColumn } from 'typeorm';

export type AtorTipo = 'user' | 'cliente' | 'sistema';

/**
 * One entry of the audit trail (issue 16): append-only, chained by hash. `seq` comes from the
 * one-row head (`auditoria_cadeia`), taken under its lock in the writer's transaction, so it is the
 * chain's order whatever the database's insert order. `diff` is the stored JSON text, hashed as is.
 */
@Entity('auditoria')
export class Auditoria {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'int' }) seq!: number;
  /** Whole seconds (MySQL's DATETIME keeps no fraction; the hash must read back what it hashed). */
  @Column({ type: 'datetime' }) em!: Date;
  @Column({ type: 'varchar', length: 10 }) atorTipo!: AtorTipo;
  @Column({ type: 'varchar', length: 36, nullable: true }) atorId!: string | null;
  @Column({ type: 'varchar', length: 254, nullable: true }) atorEmail!: string | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) atorNome!: string | null;
  @Column({ type: 'varchar', length: 64, nullable: true }) ip!: string | null;
  @Column({ type: 'varchar', length: 64, nullable: true }) requestId!: string | null;
  @Column({ type: 'varchar', length: 60 }) acao!: string;
  @Column({ type: 'varchar', length: 60 }) entidade!: string;
  @Column({ type: 'varchar', length: 64, nullable: true }) entidadeId!: string | null;
  @Column({ type: 'text', nullable: true }) diff!: string | null;
  /** Context: the client and the registro the entry belongs to (their trails), when there is one. */
  @Column({ type: 'varchar', length: 36, nullable: true }) clienteId!: string | null;
  @Column({ type: 'varchar', length: 36, nullable: true }) registroId!: string | null;
  @Column({ type: 'varchar', length: 64 }) prevHash!: string;
  @Column({ type: 'varchar', length: 64 }) hash!: string;
}

/** The chain's head: one row (id 1) with the last seq and hash; locked by every append. */
@Entity('auditoria_cadeia')
export class AuditoriaCadeia {
  @PrimaryColumn({ type: 'int' }) id!: number;
  @Column({ type: 'int' }) seq!: number;
  @Column({ type: 'varchar', length: 64 }) hash!: string;
}
