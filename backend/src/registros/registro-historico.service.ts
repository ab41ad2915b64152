import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import type { AuthPrincipal } from '../platform/request';
import { Cliente } from '../clientes';
import { User } from '../users';
import { autorCliente, clienteOf, membroOf } from '@veritas/common';
import { AutorTipo, HistoricoEvento, RegistroHistorico } from './entities/registro-historico.entity';
import { RESPONSAVEL_NOT_FOUND } from './registro-messages';

/** A caller as the history records it. */
export interface Autor {
  tipo: AutorTipo;
  id: string;
  nome: string;
}

/** What a history line says (who and where come beside it). */
export interface LinhaHistorico {
  evento: HistoricoEvento;
  de: string | null;
  para: string | null;
  nota: string | null;
  notaVisivelCliente: boolean;
  visivelCliente: boolean;
}

/**
 * A registro's history: who did it (the name kept on the line, so it survives the person), the
 * lines in order, and the line every move of a registro writes inside its own transaction.
 */
@Injectable()
export class RegistroHistoricoService {
  constructor(
    @InjectRepository(RegistroHistorico) private readonly historico: Repository<RegistroHistorico>,
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  /** A registro's lines in order: every one for staff, those shown to the client otherwise. */
  linhas(registroId: string, forStaff: boolean): Promise<RegistroHistorico[]> {
    return this.historico.find({
      where: forStaff ? { registroId } : { registroId, visivelCliente: true },
      order: { ordem: 'ASC' },
    });
  }

  async autor(actor: AuthPrincipal): Promise<Autor> {
    const own = clienteOf(actor);
    if (own) {
      const membro = membroOf(actor);
      const c = membro ? null : await this.clientes.findOne({ where: { id: own }, select: { id: true, razaoSocial: true } });
      return { tipo: 'cliente', id: own, nome: autorCliente(membro, c?.razaoSocial) };
    }
    return { tipo: 'equipe', id: actor.id, nome: await this.staffName(actor.id) };
  }

  /** A staff member's name as a history line records it. */
  async staffName(userId: string): Promise<string> {
    const u = await this.users.findOne({ where: { id: userId }, select: { id: true, nomeCompleto: true } });
    if (!u) throw new BadRequestException(RESPONSAVEL_NOT_FOUND);
    return u.nomeCompleto;
  }

  async addHistorico(
    m: EntityManager,
    registroId: string,
    autor: Autor,
    evento: HistoricoEvento,
    de: string | null,
    para: string | null,
    nota: string | null,
    notaVisivelCliente: boolean,
    visivelCliente: boolean,
  ): Promise<void> {
    // Safe from races: the caller's UPDATE (or INSERT) of the registro row holds its lock until commit.
    const last = await m
      .getRepository(RegistroHistorico)
      .createQueryBuilder('h')
      .select('MAX(h.ordem)', 'max')
      .where('h.registroId = :registroId', { registroId })
      .getRawOne<{ max: number | string | null }>();
    const ordem = Number(last?.max ?? 0) + 1;
    await m.save(historicoRow(m, registroId, ordem, autor, { evento, de, para, nota, notaVisivelCliente, visivelCliente }));
  }
}

/** A history line of a registro, as addHistorico and the bulk path write it. */
export function historicoRow(m: EntityManager, registroId: string, ordem: number, autor: Autor, linha: LinhaHistorico): RegistroHistorico {
  return m.create(RegistroHistorico, {
    registroId,
    ordem,
    ...linha,
    autorTipo: autor.tipo,
    autorId: autor.id,
    autorNome: autor.nome,
    notaVisivelCliente: linha.nota ? linha.notaVisivelCliente : false,
  });
}
