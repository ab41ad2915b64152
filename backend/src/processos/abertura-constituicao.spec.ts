import { UnprocessableEntityException } from '@nestjs/common';
import { CONSTITUICAO_FORA, CONSTITUICAO_OBRIGATORIA, constituicaoDoMovimento, etapaDoCnpj, linhaDaConstituicao } from './abertura-constituicao';
import type { RegistroEtapa } from './entities/registro-etapa.entity';

const etapas = (...nomes: string[]) => nomes.map((nome, i) => ({ id: `e${i + 1}`, nome, ordem: i + 1 }) as RegistroEtapa);
const padrao = etapas('Consulta de viabilidade', 'Análise e deferimento (NIRE)', 'CNPJ', 'Inscrição estadual');
const dados = { cnpj: '11.222.333/0001-81', nire: '35212345678' };

describe('the abertura stage that makes a founder the company (issue 54)', () => {
  it('is the stage named CNPJ, else the last one of a renamed template', () => {
    expect(etapaDoCnpj(padrao)?.id).toBe('e3');
    expect(etapaDoCnpj(etapas('Viabilidade', 'Junta', 'Receita'))?.id).toBe('e3');
    expect(etapaDoCnpj(etapas(' cnpj ', 'Alvará'))?.id).toBe('e1');
    expect(etapaDoCnpj([])).toBeNull();
  });

  it('requires CNPJ and NIRE when concluding it for a client without a CNPJ, and cleans the CNPJ', () => {
    expect(constituicaoDoMovimento('abertura-empresas', padrao, padrao[2], 'concluida', true, dados)).toEqual({ cnpj: '11222333000181', nire: '35212345678', razaoSocial: null });
    expect(() => constituicaoDoMovimento('abertura-empresas', padrao, padrao[2], 'concluida', true, { cnpj: dados.cnpj })).toThrow(CONSTITUICAO_OBRIGATORIA);
    expect(() => constituicaoDoMovimento('abertura-empresas', padrao, padrao[2], 'concluida', true, {})).toThrow(UnprocessableEntityException);
  });

  it('records nothing, and refuses the fields, on another stage, move, service or a client that has a CNPJ', () => {
    expect(constituicaoDoMovimento('abertura-empresas', padrao, padrao[2], 'andamento', true, {})).toBeNull();
    expect(constituicaoDoMovimento('abertura-empresas', padrao, padrao[2], 'concluida', false, {})).toBeNull();
    expect(constituicaoDoMovimento('certidao-simplificada', padrao, padrao[2], 'concluida', true, {})).toBeNull();
    for (const [servico, etapa, semCnpj] of [
      ['abertura-empresas', padrao[1], true],
      ['abertura-empresas', padrao[2], false],
      ['alteracoes-contratuais', padrao[2], true],
    ] as const) {
      expect(() => constituicaoDoMovimento(servico, padrao, etapa, 'concluida', semCnpj, dados)).toThrow(CONSTITUICAO_FORA);
    }
  });

  it('writes the history line with the masked CNPJ', () => {
    expect(linhaDaConstituicao('CNPJ', { cnpj: '11222333000181', nire: '35212345678' })).toBe('CNPJ — empresa constituída: CNPJ 11.222.333/0001-81, NIRE 35212345678');
  });
});
