import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { normalizeSearch, SERVICOS_CATALOGO, servicoPorNome, ServicoDisponivelResponse } from '@veritas/common';
import { Cliente } from '../clientes';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { TipoCliente, TipoClienteServico } from '../tipos-cliente';

export const SERVICO_INDISPONIVEL = 'Serviço não disponível. Escolha um dos serviços listados.';
export const SERVICO_OBRIGATORIO = 'Informe o serviço (servico ou tipo).';

/** The service of a new registro, as it will be stored. */
export interface ServicoResolvido {
  servico: string | null;
  tipo: string;
  valor: number | null;
  slaDiasUteis: number;
}

/** Code of a client type's own service: "tc:" and its folded name, stable while the name is. */
const tcCode = (nome: string) => `tc:${normalizeSearch(nome).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')}`;

/**
 * What a client may request: the firm's catalogue (§1), priced by the client's type when that type
 * lists a service of the same name, plus the type's own other services with their prices. The
 * price is read at request time and kept in the registro; nothing the client sends sets it.
 */
@Injectable()
export class ServicosService {
  private readonly logger = new Logger(ServicosService.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async listServicos(clienteId: string | null): Promise<ServicoDisponivelResponse[]> {
    return this.compor(clienteId ? await this.servicosDoTipo({ clienteId }) : []);
  }

  /** The same for a client type (null: the catalogue alone); the bulk path reads it once per type. */
  async listServicosDoTipo(tipoClienteId: string | null): Promise<ServicoDisponivelResponse[]> {
    return this.compor(tipoClienteId ? await this.servicosDoTipo({ tipoClienteId }) : []);
  }

  private compor(doTipo: { nome: string; valor: number }[]): ServicoDisponivelResponse[] {
    const out: ServicoDisponivelResponse[] = [];
    const priced = new Map<string, number>();
    for (const s of doTipo) {
      const cat = servicoPorNome(s.nome);
      if (cat) {
        if (!priced.has(cat.codigo)) priced.set(cat.codigo, s.valor);
        continue;
      }
      const codigo = tcCode(s.nome);
      if (codigo === 'tc:' || out.some((o) => o.codigo === codigo)) continue;
      out.push({ codigo, nome: s.nome, valor: s.valor, slaDiasUteis: this.config.registros.slaPadraoDiasUteis, origem: 'tipoCliente' });
    }
    const catalogo = SERVICOS_CATALOGO.map((c) => ({
      codigo: c.codigo,
      nome: c.nome,
      valor: priced.get(c.codigo) ?? null,
      slaDiasUteis: this.config.registros.slaDiasUteis[c.codigo] ?? c.slaDiasUteis,
      origem: priced.has(c.codigo) ? ('tipoCliente' as const) : ('catalogo' as const),
    }));
    return [...catalogo, ...out];
  }

  /** The service a request names, by code or by name; 400 when it is not offered to this client. */
  async resolve(clienteId: string, servico?: string, tipo?: string): Promise<ServicoResolvido> {
    if (!servico && !tipo) throw new BadRequestException(SERVICO_OBRIGATORIO);
    return this.resolveIn(await this.listServicos(clienteId), servico, tipo);
  }

  /** resolve() within a list already read (listServicos, listServicosDoTipo). */
  resolveIn(list: ServicoDisponivelResponse[], servico?: string, tipo?: string): ServicoResolvido {
    if (!servico && !tipo) throw new BadRequestException(SERVICO_OBRIGATORIO);
    const key = tipo ? normalizeSearch(tipo) : null;
    const found = servico ? list.find((s) => s.codigo === servico) : list.find((s) => normalizeSearch(s.nome) === key);
    if (!found) throw new BadRequestException(SERVICO_INDISPONIVEL);
    return {
      servico: found.codigo.startsWith('tc:') ? null : found.codigo,
      tipo: found.nome,
      valor: found.valor,
      slaDiasUteis: found.slaDiasUteis,
    };
  }

  /** The priced services of the client's type (or of that type), if it is an active one. */
  private async servicosDoTipo(de: { clienteId: string } | { tipoClienteId: string }): Promise<{ nome: string; valor: number }[]> {
    try {
      const qb = this.ds
        .getRepository(TipoClienteServico)
        .createQueryBuilder('s')
        .innerJoin(TipoCliente, 't', 't.id = s.tipoClienteId AND t.ativo = :ativo', { ativo: true });
      if ('clienteId' in de) qb.innerJoin(Cliente, 'c', 'c.tipoClienteId = t.id').where('c.id = :clienteId', { clienteId: de.clienteId });
      else qb.where('t.id = :tipoClienteId', { tipoClienteId: de.tipoClienteId });
      const rows = await qb.orderBy('s.ordem', 'ASC').getMany();
      return rows.map((r) => ({ nome: r.nome, valor: Number(r.valor) }));
    } catch (err) {
      // The client types are another module's tables: without them, the catalogue still works.
      this.logger.warn(`Preços do tipo de cliente indisponíveis: ${(err as Error).message}`);
      return [];
    }
  }
}
