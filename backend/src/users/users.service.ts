import { isUniqueViolation, withTransaction } from '../platform/database';
import { appendAudit, diffOf } from '../auditoria';
import { ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { Brackets, Repository } from 'typeorm';
import { canManageUser, isReservedUsername, LAST_MASTER_MESSAGE, reservedUsernameMessage, SELF_DELETE_MESSAGE, StaffPermission, UserTab, withDefaultPermission } from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { passwordChangedNow, PasswordService } from '../platform/passwords';
import { staffOf } from '../platform/access';
import { idsFilter, LIKE_ESCAPE, likeContains, ListRequest, runList, searchText } from '../platform/read-side';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { CreateUserDto, UpdateUserDto } from './dto/user.dto';
import { User } from './entities/user.entity';
import { UserExtensions } from './user-extensions';

export const USERNAME_TAKEN = 'Nome de usuário já está em uso.';
export const USER_NOT_FOUND = 'Usuário não encontrado.';

const hasPermission = (p: StaffPermission) => `u.permissions LIKE '%"${p}"%'`;

@Injectable()
export class UsersService implements OnApplicationBootstrap {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly extensions: UserExtensions,
  ) {}

  /** On start-up, if no master exists, create one from MASTER_* (or a generated password, logged once). */
  async onApplicationBootstrap(): Promise<void> {
    const masters = await this.countMasters();
    if (masters > 0) return;
    const { username, name } = this.config.master;
    let password = this.config.master.password;
    const generated = !password;
    if (!password) password = generatePassword();
    const email = this.emailFor(username);
    const existing = await this.users.findOne({ where: { username } });
    const user = existing ?? this.users.create({ username, email });
    Object.assign(user, { nomeCompleto: existing?.nomeCompleto ?? name, isAdmin: true, permissions: ['Master'] });
    user.passwordHash = await this.passwords.hash(password);
    await this.users.save(user);
    if (generated) {
      this.logger.warn(`Usuário master criado: ${email} — senha gerada (guarde-a, não será exibida de novo): ${password}`);
    } else {
      this.logger.log(`Usuário master criado: ${email}`);
    }
  }

  emailFor(username: string): string {
    return `${username}@${this.config.mailDomain}`;
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOne({ where: { email: email.trim().toLowerCase() } });
  }

  async listUsers(req: ListRequest): Promise<[User[], number]> {
    const qb = this.users.createQueryBuilder('u');
    const q = searchText(req.filter);
    if (q) {
      const like = likeContains(q.toLowerCase());
      qb.andWhere(
        new Brackets((w) =>
          w.where(`LOWER(u.username) LIKE :like ${LIKE_ESCAPE}`, { like })
            .orWhere(`LOWER(u.nomeCompleto) LIKE :like ${LIKE_ESCAPE}`, { like })
            .orWhere(`LOWER(u.email) LIKE :like ${LIKE_ESCAPE}`, { like }),
        ),
      );
    }
    // react-admin's getMany (a reference to a person: the audit trail's "Pessoa" filter).
    const ids = idsFilter(req.filter);
    if (ids) qb.andWhere(ids.length ? 'u.id IN (:...ids)' : '1 = 0', { ids });
    const tab = (typeof req.filter.tab === 'string' ? req.filter.tab : 'todos') as UserTab;
    switch (tab) {
      case 'master':
        qb.andWhere(hasPermission('Master'));
        break;
      case 'diretoria':
        qb.andWhere(`(${hasPermission('Diretoria')} OR (u.isAdmin = :admin AND NOT ${hasPermission('Master')}))`, { admin: true });
        break;
      case 'associados':
        qb.andWhere(hasPermission('Associados'));
        break;
      case 'financeiro':
        qb.andWhere(hasPermission('Financeiro'));
        break;
      case 'suporte':
        qb.andWhere(hasPermission('Suporte'));
        break;
    }
    return runList(qb, req, 'u.id');
  }

  async getUser(id: string): Promise<User> {
    const user = await this.users.findOne({ where: { id } });
    if (!user) throw new NotFoundException(USER_NOT_FOUND);
    return user;
  }

  async createUser(actor: AuthPrincipal, dto: CreateUserDto): Promise<User> {
    // A non-admin sent without permissions is an associado (issue 10: no user without a role).
    const permissions = withDefaultPermission(dto.isAdmin ?? false, dto.permissions ?? []);
    this.assertCanManage(actor, null, permissions);
    const email = this.emailFor(dto.username);
    await this.assertFree(dto.username, email);
    const user = this.users.create({
      username: dto.username,
      nomeCompleto: dto.nomeCompleto,
      email,
      isAdmin: dto.isAdmin ?? false,
      permissions,
      passwordHash: await this.passwords.hash(dto.password),
    });
    return this.saveUnique(user);
  }

  async updateUser(actor: AuthPrincipal, id: string, dto: UpdateUserDto): Promise<User> {
    const user = await this.getUser(id);
    const permissions = withDefaultPermission(dto.isAdmin ?? user.isAdmin, dto.permissions ?? user.permissions);
    this.assertCanManage(actor, user, permissions);
    if (user.permissions.includes('Master') && !permissions.includes('Master') && (await this.countMasters()) <= 1) {
      throw new ConflictException(LAST_MASTER_MESSAGE);
    }
    if (dto.username && dto.username !== user.username) {
      const email = this.emailFor(dto.username);
      await this.assertFree(dto.username, email, user.id);
      user.username = dto.username;
      user.email = email;
    }
    if (dto.nomeCompleto !== undefined) user.nomeCompleto = dto.nomeCompleto;
    if (dto.isAdmin !== undefined) user.isAdmin = dto.isAdmin;
    // A password or permission change ends the person's sessions and agenda feed (issue 54): Principals and
    // the feed compare their tokens' version with this one.
    const permissionsChanged = JSON.stringify([...permissions].sort()) !== JSON.stringify([...user.permissions].sort());
    user.permissions = permissions;
    if (dto.password) {
      user.passwordHash = await this.passwords.hash(dto.password);
      user.passwordChangedAt = passwordChangedNow();
    }
    if (dto.password || permissionsChanged) user.tokenVersion = (user.tokenVersion ?? 0) + 1;
    return this.saveUnique(user);
  }

  async deleteUser(actor: AuthPrincipal, id: string): Promise<User> {
    const user = await this.getUser(id);
    if (actor.id === user.id) throw new ForbiddenException(SELF_DELETE_MESSAGE);
    this.assertCanManage(actor, user);
    if (user.permissions.includes('Master') && (await this.countMasters()) <= 1) {
      throw new ConflictException(LAST_MASTER_MESSAGE);
    }
    // Their mail goes with them: the rows by the database's cascade, then the files on disk.
    await this.extensions.deleteWithOwner(user.id, () =>
      withTransaction(this.users.manager.connection, async (m) => {
        await m.delete(User, { id: user.id });
        await appendAudit(m, { acao: 'usuario.delete', entidade: 'users', entidadeId: user.id, diff: diffOf(user as unknown as Record<string, unknown>, null) });
      }),
    );
    return user;
  }

  private assertCanManage(actor: AuthPrincipal, target: User | null, nextPermissions?: readonly string[]): void {
    const staff = staffOf(actor);
    if (!staff) throw new ForbiddenException();
    const verdict = canManageUser(
      { userType: staff.userType, id: staff.id },
      target ? { permissions: target.permissions, id: target.id } : null,
      nextPermissions ? { permissions: nextPermissions } : undefined,
    );
    if (!verdict.ok) throw new ForbiddenException(verdict.reason);
  }

  /**
   * The system's own addresses on MAIL_DOMAIN (the shared list). CONTACT_INBOX is not reserved: on our
   * domain it is delivered to a staff mailbox, which must be free to create.
   */
  private assertNotReserved(username: string): void {
    if (isReservedUsername(username)) throw new ConflictException(reservedUsernameMessage(username));
  }

  private async assertFree(username: string, email: string, exceptId?: string): Promise<void> {
    this.assertNotReserved(username);
    const taken = await this.users.findOne({ where: { username }, select: { id: true } });
    if (taken && taken.id !== exceptId) throw new ConflictException(USERNAME_TAKEN);
    // A client with this e-mail could never sign in again (staff sign-in is tried first).
    if (await this.extensions.usernameTaken(email)) throw new ConflictException(USERNAME_TAKEN);
  }

  private async saveUnique(user: User): Promise<User> {
    try {
      return await this.users.save(user);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException(USERNAME_TAKEN);
      throw err;
    }
  }

  private countMasters(): Promise<number> {
    return this.users.createQueryBuilder('u').where(hasPermission('Master')).getCount();
  }
}

/** A password that satisfies the policy: letters of both cases, digits and symbols. */
function generatePassword(): string {
  const base = randomBytes(18).toString('base64url');
  return `${base}Aa1!`;
}
