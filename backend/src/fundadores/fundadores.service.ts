import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Cliente, ClientesService, RegisterFundadorDto } from '../clientes';
import { Registro, RegistroCreateService } from '../registros';

/** The catalogue's service a founder's first request is (SERVICOS_CATALOGO; processos' abertura-constituicao.ts names it too). */
const SERVICO_ABERTURA = 'abertura-empresas';

/**
 * Founders (issue 54, ADR 0047): a person with a CPF and no company yet registers, and their first
 * request — the abertura — is opened at once, in their name, so the firm's queue has it and the
 * founder sees it on first sign-in. The company becomes a CNPJ when the abertura's CNPJ stage
 * completes (processos: abertura-constituicao.ts).
 */
@Injectable()
export class FundadoresService {
  private readonly log = new Logger(FundadoresService.name);

  constructor(
    private readonly clientes: ClientesService,
    private readonly registros: RegistroCreateService,
    @InjectRepository(Cliente) private readonly repo: Repository<Cliente>,
  ) {}

  async registerFundador(dto: RegisterFundadorDto): Promise<{ cliente: Cliente; abertura: Registro }> {
    const cliente = await this.clientes.registerFundador(dto);
    try {
      const abertura = await this.registros.createRegistro(
        { role: 'cliente', id: cliente.id, email: cliente.email },
        { servico: SERVICO_ABERTURA, descricao: `Abertura da empresa "${cliente.razaoSocial}" (nome pretendido), pedida no cadastro por ${dto.nome}.` },
      );
      return { cliente, abertura };
    } catch (err) {
      // No founder without their abertura: the registration is undone and the reason answered.
      this.log.error(`Cadastro de fundador desfeito: a abertura não pôde ser criada (${(err as Error).message}).`);
      await this.repo.delete({ id: cliente.id });
      throw err;
    }
  }
}
