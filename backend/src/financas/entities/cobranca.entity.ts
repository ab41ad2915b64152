import { Column, Entity } from 'typeorm';
import type { CobrancaStatus, FormaPagamento, LinhaTipo } from '@veritas/common';
import { BaseEntity } from '../../platform/database';

/** A charge to a client (issue 12). Totals are kept on the row so lists and sums stay in SQL. */
@Entity('cobrancas')
export class Cobranca extends BaseEntity {
  @Column({ type: 'varchar', length: 36 }) clienteId!: string;
  @Column({ type: 'varchar', length: 36, nullable: true }) registroId!: string | null;
  @Column({ type: 'varchar', length: 10 }) status!: CobrancaStatus;
  /** Due date 'YYYY-MM-DD' (São Paulo calendar). */
  @Column({ type: 'varchar', length: 10 }) vencimento!: string;
  @Column({ type: 'int' }) totalCentavos!: number;
  /** Of the total, the firm's fees (the rest are fees passed through). */
  @Column({ type: 'int' }) honorariosCentavos!: number;
  @Column({ type: 'int', default: 0 }) pagoCentavos!: number;
  @Column({ type: 'varchar', length: 25 }) txid!: string;
  @Column({ type: 'text', nullable: true }) motivoCancelamento!: string | null;
  @Column({ type: 'varchar', length: 36, nullable: true }) criadoPorId!: string | null;
  @Column({ type: 'varchar', length: 200 }) criadoPorNome!: string;
  /** Bumped by every change: a write conditional on it refuses a concurrent one. */
  @Column({ type: 'int', default: 1 }) versao!: number;
}

@Entity('cobranca_linhas')
export class CobrancaLinha extends BaseEntity {
  @Column({ type: 'varchar', length: 36 }) cobrancaId!: string;
  @Column({ type: 'int' }) ordem!: number;
  @Column({ type: 'varchar', length: 200 }) descricao!: string;
  @Column({ type: 'varchar', length: 10 }) tipo!: LinhaTipo;
  @Column({ type: 'int' }) valorCentavos!: number;
}

@Entity('cobranca_pagamentos')
export class CobrancaPagamento extends BaseEntity {
  @Column({ type: 'varchar', length: 36 }) cobrancaId!: string;
  /** 1, 2, 3... within the charge; the receipt's number is txid-ordem. */
  @Column({ type: 'int' }) ordem!: number;
  @Column({ type: 'varchar', length: 10 }) data!: string;
  @Column({ type: 'int' }) valorCentavos!: number;
  @Column({ type: 'varchar', length: 15 }) forma!: FormaPagamento;
  @Column({ type: 'text', nullable: true }) nota!: string | null;
  @Column({ type: 'varchar', length: 36, nullable: true }) extratoTransacaoId!: string | null;
  @Column({ type: 'varchar', length: 200 }) registradoPorNome!: string;
}

@Entity('cobranca_historico')
export class CobrancaHistorico extends BaseEntity {
  @Column({ type: 'varchar', length: 36 }) cobrancaId!: string;
  @Column({ type: 'int' }) ordem!: number;
  @Column({ type: 'varchar', length: 20 }) evento!: string;
  @Column({ type: 'text' }) descricao!: string;
  @Column({ type: 'varchar', length: 200 }) autorNome!: string;
}

/** A reminder already sent: the unique (cobrancaId, diaRelativo) makes it once per charge and day. */
@Entity('cobranca_lembretes')
export class CobrancaLembrete extends BaseEntity {
  @Column({ type: 'varchar', length: 36 }) cobrancaId!: string;
  @Column({ type: 'int' }) diaRelativo!: number;
}

@Entity('extratos')
export class Extrato extends BaseEntity {
  @Column({ type: 'varchar', length: 200 }) nomeArquivo!: string;
  @Column({ type: 'varchar', length: 60 }) conta!: string;
  @Column({ type: 'varchar', length: 200 }) importadoPorNome!: string;
  /** Credits of the file already imported with an earlier statement (same account and FITID). */
  @Column({ type: 'int', default: 0 }) repetidas!: number;
  /** SHA-256 of the file's bytes (unique): the same file is imported once. Null for imports before issue 52. */
  @Column({ type: 'varchar', length: 64, nullable: true }) hash!: string | null;
}

@Entity('extrato_transacoes')
export class ExtratoTransacao extends BaseEntity {
  @Column({ type: 'varchar', length: 36 }) extratoId!: string;
  @Column({ type: 'varchar', length: 60 }) conta!: string;
  @Column({ type: 'varchar', length: 120 }) fitid!: string;
  @Column({ type: 'varchar', length: 10 }) data!: string;
  @Column({ type: 'int' }) valorCentavos!: number;
  @Column({ type: 'varchar', length: 500 }) memo!: string;
  /** What the bookkeeper should check: a FITID the bank repeated with another amount, an over-payment recorded. */
  @Column({ type: 'varchar', length: 200, nullable: true }) alerta!: string | null;
}

export const FINANCAS_ENTITIES = [Cobranca, CobrancaLinha, CobrancaPagamento, CobrancaHistorico, CobrancaLembrete, Extrato, ExtratoTransacao];
