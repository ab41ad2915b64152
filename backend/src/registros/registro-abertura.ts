import { isUf, RegistroStatus } from '@veritas/common';
import type { Registro } from './entities/registro.entity';
import type { ServicoResolvido } from './servicos.service';

/** What a registro is opened with, one at a time or by the bulk path. */
export interface Abertura {
  numero: string;
  clienteId: string;
  servico: ServicoResolvido;
  descricao: string;
  responsavelId: string | null;
  prazo: string;
  juntaUf: string;
}

/** A new registro's columns: pendente, its clock running to `prazo`, no stage yet. */
export function camposDeAbertura(a: Abertura): Partial<Registro> {
  return {
    numero: a.numero,
    clienteId: a.clienteId,
    ...a.servico,
    descricao: a.descricao,
    status: 'pendente' as RegistroStatus,
    responsavelId: a.responsavelId,
    prazo: a.prazo,
    pausadoEm: null,
    diasUteisRestantes: null,
    encerradoEm: null,
    juntaUf: a.juntaUf,
    etapaAtual: null,
    etapaDesde: null,
  };
}

/** The Junta of a new registro: the client's state, else the firm's (FIRM_STATE), else São Paulo's. */
export function juntaDoEstado(estado: string | null | undefined, estadoDaFirma: string | null | undefined): string {
  const own = estado?.trim().toUpperCase();
  if (isUf(own)) return own;
  const firm = estadoDaFirma?.trim().toUpperCase();
  return isUf(firm) ? firm : 'SP';
}
