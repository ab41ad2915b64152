import { BadRequestException, ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { avisoRegistroPath, can, isFinalStatus, OPEN_REGISTRO_STATUSES, RegistroDetalheResponse, staffPrincipal } from '@veritas/common';
import { AvisosService } from '../avisos';
import type { AuthPrincipal } from '../platform/request';
import { withTransaction } from '../platform/database';
import { User } from '../users';
import { PolicyService } from '../platform/access';
import { Registro } from './entities/registro.entity';
import { RegistroHistoricoService } from './registro-historico.service';
import {
  ALREADY_ASSIGNED,
  ASSOCIADO_ASSIGN_SELF,
  CHANGED_MEANWHILE,
  CLOSED_NO_ASSIGN,
  RESPONSAVEL_NOT_FOUND,
  RESPONSAVEL_NOT_WORKER,
} from './registro-messages';
import { RegistrosQueryService } from './registros-query.service';

/**
 * Who is responsible for a registro: one assignment (a staff member takes, leaves or is given it), the
 * bulk reassignment of someone's open registros, and the check of the responsável a registro opens with.
 */
@Injectable()
export class RegistroAssignmentService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly query: RegistrosQueryService,
    private readonly historico: RegistroHistoricoService,
    private readonly policy: PolicyService,
    private readonly avisos: AvisosService,
  ) {}

  async assign(actor: AuthPrincipal, id: string, responsavelId: string | null): Promise<RegistroDetalheResponse> {
    const r = await this.policy.require<Registro>(actor, 'registro.read', id);
    if (isFinalStatus(r.status)) throw new ConflictException(CLOSED_NO_ASSIGN);
    const current = r.responsavelId && (await this.users.exists({ where: { id: r.responsavelId } })) ? r.responsavelId : null;
    if (!can(actor, 'registros.assign')) {
      const takes = responsavelId === actor.id && current === null;
      const leaves = responsavelId === null && current === actor.id;
      if (!takes && !leaves) {
        if (responsavelId === actor.id && current !== null && current !== actor.id) throw new ConflictException(ALREADY_ASSIGNED);
        if (responsavelId === actor.id && current === actor.id) return this.query.getDetalhe(actor, r.id);
        throw new ForbiddenException(ASSOCIADO_ASSIGN_SELF);
      }
    }
    if (responsavelId === current) return this.query.getDetalhe(actor, r.id);
    const novoNome = responsavelId ? await this.responsavelName(responsavelId) : null;
    const antigoNome = current ? await this.historico.staffName(current).catch(() => null) : null;
    const autor = await this.historico.autor(actor);
    const now = new Date();

    await withTransaction(this.ds, async (m) => {
      const qb = m.createQueryBuilder().update(Registro).set({ responsavelId, updatedAt: now }).where('id = :id', { id: r.id });
      if (r.responsavelId === null) qb.andWhere('responsavelId IS NULL');
      else qb.andWhere('responsavelId = :old', { old: r.responsavelId });
      const result = await qb.execute();
      if (!result.affected) throw new ConflictException(CHANGED_MEANWHILE);
      await this.historico.addHistorico(m, r.id, autor, 'responsavel', antigoNome, novoNome, null, false, false);
    });
    // Someone else's hand: the new responsável's bell says so (who takes a registro needs no notice).
    if (responsavelId && responsavelId !== actor.id) {
      await this.avisos.notify([responsavelId], (p) => ({ tipo: 'registro.atribuido', titulo: `Registro ${r.numero} atribuído a você por ${autor.nome}`, link: avisoRegistroPath(p, r.id) }));
    }
    return this.query.getDetalhe(actor, r.id);
  }

  /**
   * Bulk reassignment (issue 13): `de`'s open registros (all, or those of `ids` among them) go to
   * `para`, each with the same history line a single assignment writes. One transaction: all or
   * nothing. Answers how many moved.
   */
  async reassignMany(actor: AuthPrincipal, de: string, para: string, ids?: string[]): Promise<number> {
    const novoNome = await this.responsavelName(para);
    const antigoNome = await this.historico.staffName(de).catch(() => null);
    const autor = await this.historico.autor(actor);
    return withTransaction(this.ds, async (m) => {
      const qb = m
        .getRepository(Registro)
        .createQueryBuilder('r')
        .select('r.id', 'id')
        .where('r.responsavelId = :de', { de })
        .andWhere('r.status IN (:...open)', { open: OPEN_REGISTRO_STATUSES });
      if (ids) qb.andWhere('r.id IN (:...ids)', { ids: [...new Set(ids)] });
      const rows = await qb.orderBy('r.id', 'ASC').getRawMany<{ id: string }>();
      const now = new Date();
      let moved = 0;
      for (const { id } of rows) {
        const result = await m
          .createQueryBuilder()
          .update(Registro)
          .set({ responsavelId: para, updatedAt: now })
          .where('id = :id AND responsavelId = :de', { id, de })
          .execute();
        if (!result.affected) continue;
        await this.historico.addHistorico(m, id, autor, 'responsavel', antigoNome, novoNome, 'Reatribuição em lote.', false, false);
        moved += 1;
      }
      return moved;
    }).then(async (moved) => {
      if (moved && para !== actor.id) {
        const titulo = moved === 1 ? `1 registro de ${antigoNome ?? 'outra pessoa'} passou para você` : `${moved} registros de ${antigoNome ?? 'outra pessoa'} passaram para você`;
        await this.avisos.notify([para], () => ({ tipo: 'registro.atribuido', titulo, link: '/painel/meu-registros' }));
      }
      return moved;
    });
  }

  /**
   * The responsáveis registros are opened with (createRegistro, the bulk path), checked as an assignment
   * is: someone else only by those who may assign, and a staff member who works registros. Their names, by id.
   */
  async responsaveisDeAbertura(actor: AuthPrincipal, ids: readonly string[]): Promise<Map<string, string>> {
    const unicos = [...new Set(ids)];
    if (unicos.some((id) => id !== actor.id) && !can(actor, 'registros.assign')) throw new ForbiddenException(ASSOCIADO_ASSIGN_SELF);
    const nomes = new Map<string, string>();
    for (const id of unicos) nomes.set(id, await this.responsavelName(id));
    return nomes;
  }

  /** The name of a staff member who may be responsible for registros (who works them). */
  private async responsavelName(userId: string): Promise<string> {
    const u = await this.users.findOne({ where: { id: userId }, select: { id: true, nomeCompleto: true, permissions: true } });
    if (!u) throw new BadRequestException(RESPONSAVEL_NOT_FOUND);
    if (!can(staffPrincipal(u.permissions), 'registros.work')) throw new BadRequestException(RESPONSAVEL_NOT_WORKER);
    return u.nomeCompleto;
  }
}
