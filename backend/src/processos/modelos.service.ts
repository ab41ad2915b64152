import { BadRequestException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { EtapaModelo, SERVICOS_CATALOGO, servicoPorCodigo, type ProcessoModeloResponse as ModeloResponse } from '@veritas/common';
import { isUniqueViolation, toIso } from '../platform/database';
import { ProcessoModelo } from './entities/processo-modelo.entity';
import { MODELOS_PADRAO } from './modelos-padrao';
import { validarEtapasModelo } from './modelo-validacao';

export const SERVICO_SEM_MODELO = 'Serviço não encontrado: os modelos de etapas são dos serviços do catálogo.';

/** The stage templates: the board's edits (table processo_modelos) over the defaults in code. */
@Injectable()
export class ModelosService {
  constructor(@InjectRepository(ProcessoModelo) private readonly modelos: Repository<ProcessoModelo>) {}

  async listModelos(): Promise<ModeloResponse[]> {
    const rows = await this.modelos.find();
    const byServico = new Map(rows.map((r) => [r.servico, r]));
    return SERVICOS_CATALOGO.map((s) => toModeloResponse(s.codigo, byServico.get(s.codigo)));
  }

  async getModelo(servico: string): Promise<ModeloResponse> {
    if (!servicoPorCodigo(servico)) throw new NotFoundException(SERVICO_SEM_MODELO);
    return toModeloResponse(servico, (await this.modelos.findOne({ where: { servico } })) ?? undefined);
  }

  /**
   * The stages a new registro of this service gets (none for a client type's own service). Inside
   * a transaction, pass its manager: a second pooled connection per creation could exhaust the
   * pool while every transaction waits on the protocol counter.
   */
  async etapasPara(servico: string | null, m?: EntityManager): Promise<EtapaModelo[]> {
    if (!servico || !servicoPorCodigo(servico)) return [];
    const row = await (m ? m.getRepository(ProcessoModelo) : this.modelos).findOne({ where: { servico } });
    return row ? row.etapas : [...(MODELOS_PADRAO[servico] ?? [])];
  }

  /** Replaces a template; registros already created keep their stages. */
  async putModelo(servico: string, body: unknown, autorNome: string): Promise<ModeloResponse> {
    if (!servicoPorCodigo(servico)) throw new NotFoundException(SERVICO_SEM_MODELO);
    const checked = validarEtapasModelo(body);
    if ('status' in checked) {
      if (checked.status === 422) throw new UnprocessableEntityException(checked.message);
      throw new BadRequestException(checked.message);
    }
    const existing = await this.modelos.findOne({ where: { servico } });
    if (existing) {
      existing.etapas = checked.etapas;
      existing.atualizadoPor = autorNome;
      await this.modelos.save(existing);
    } else {
      try {
        await this.modelos.save(this.modelos.create({ servico, etapas: checked.etapas, atualizadoPor: autorNome }));
      } catch (err) {
        // Two first edits at once: the later one wins, as it would have a moment later.
        if (!isUniqueViolation(err)) throw err;
        await this.modelos.update({ servico }, { etapas: checked.etapas, atualizadoPor: autorNome, updatedAt: new Date() });
      }
    }
    return this.getModelo(servico);
  }
}

function toModeloResponse(servico: string, row: ProcessoModelo | undefined): ModeloResponse {
  return {
    servico,
    nome: servicoPorCodigo(servico)?.nome ?? servico,
    etapas: row ? row.etapas : (MODELOS_PADRAO[servico] ?? []).map((e) => ({ ...e, ...(e.documentos ? { documentos: [...e.documentos] } : {}) })),
    personalizado: !!row,
    atualizadoEm: row ? toIso(row.updatedAt) : null,
    atualizadoPor: row?.atualizadoPor ?? null,
  };
}
