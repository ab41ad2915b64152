import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { cleanCnpj } from '@veritas/common';
import { PasswordService } from '../auth/password.service';
import { isUniqueViolation } from '../common/db-errors';
import { APP_CONFIG, AppConfig } from '../config/config';
import { User } from '../users/entities/user.entity';
import { applyClienteFields, clienteBusca } from './cliente.mapper';
import { RegisterClienteDto } from './dto/cliente.dto';
import { Cliente } from './entities/cliente.entity';

export const CNPJ_TAKEN = 'Já existe um cliente cadastrado com este CNPJ.';
export const EMAIL_TAKEN = 'Este e-mail já está cadastrado.';
export const CLIENTE_NOT_FOUND = 'Cliente não encontrado.';
export const CLIENTE_INATIVO = 'Seu cadastro está inativo. Entre em contato com o escritório para reativá-lo.';

@Injectable()
export class ClientesService {
  constructor(
    @InjectRepository(Cliente) private readonly clientes: Repository<Cliente>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async registerCliente(dto: RegisterClienteDto): Promise<Cliente> {
    const { password, razaoSocial, cnpj, email, ...fields } = dto;
    const cliente = this.clientes.create({ razaoSocial, email, cnpj: cleanCnpj(cnpj), status: 'ativo', tipoClienteId: null, cnes: null });
    applyClienteFields(cliente, fields);
    await this.assertFree(cliente.cnpj, cliente.email);
    cliente.passwordHash = await this.passwords.hash(password);
    cliente.busca = clienteBusca(cliente);
    return this.saveUnique(cliente);
  }

  findForLogin(email: string): Promise<Cliente | null> {
    return this.clientes.findOne({ where: { email } });
  }

  /** Called once the password is right: an inactive client learns why it cannot enter. */
  assertCanSignIn(cliente: Cliente): void {
    if (cliente.status !== 'ativo') throw new ForbiddenException(CLIENTE_INATIVO);
  }

  async getCliente(id: string): Promise<Cliente> {
    const cliente = await this.clientes.findOne({ where: { id } });
    if (!cliente) throw new NotFoundException(CLIENTE_NOT_FOUND);
    return cliente;
  }

  private async assertFree(cnpj: string, email: string, exceptId?: string): Promise<void> {
    const byCnpj = await this.clientes.findOne({ where: { cnpj }, select: { id: true } });
    if (byCnpj && byCnpj.id !== exceptId) throw new ConflictException(CNPJ_TAKEN);
    const byEmail = await this.clientes.findOne({ where: { email }, select: { id: true } });
    if (byEmail && byEmail.id !== exceptId) throw new ConflictException(EMAIL_TAKEN);
    // Staff sign-in is tried first: a client with a staff address could never enter.
    if (email.endsWith(`@${this.config.mailDomain}`) && (await this.users.exists({ where: { email } }))) {
      throw new ConflictException(EMAIL_TAKEN);
    }
  }

  private async saveUnique(cliente: Cliente): Promise<Cliente> {
    try {
      return await this.clientes.save(cliente);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const cnpjTaken = await this.clientes.exists({ where: { cnpj: cliente.cnpj } });
      throw new ConflictException(cnpjTaken ? CNPJ_TAKEN : EMAIL_TAKEN);
    }
  }
}
