import { DEFAULT_FIRM } from '@veritas/common';
import { ConfigError, financasConfigFrom } from '../platform/config';

describe('Finanças configuration', () => {
  it('defaults: charge at opening, due in 7 days, reminders at D−3, D0, D+3, D+7, PIX from the firm', () => {
    expect(financasConfigFrom({}, DEFAULT_FIRM)).toEqual({
      cobrarEm: 'abertura',
      vencimentoDias: 7,
      lembretes: [-3, 0, 3, 7],
      pix: { chave: DEFAULT_FIRM.email, nome: DEFAULT_FIRM.brandName, cidade: DEFAULT_FIRM.city },
    });
  });

  it('reads the variables, sorts the reminder days and takes an empty list as none', () => {
    const c = financasConfigFrom(
      { FINANCAS_COBRAR_EM: 'conclusao', FINANCAS_VENCIMENTO_DIAS: '15', FINANCAS_LEMBRETES: '7, -1,0,7', FIRM_PIX_KEY: '11222333000181' },
      DEFAULT_FIRM,
    );
    expect(c).toMatchObject({ cobrarEm: 'conclusao', vencimentoDias: 15, lembretes: [-1, 0, 7], pix: { chave: '11222333000181' } });
    expect(financasConfigFrom({ FINANCAS_LEMBRETES: '' }, DEFAULT_FIRM).lembretes).toEqual([]);
  });

  it.each([
    { FINANCAS_COBRAR_EM: 'sempre' },
    { FINANCAS_VENCIMENTO_DIAS: '-1' },
    { FINANCAS_LEMBRETES: '-3,amanhã' },
    { FINANCAS_LEMBRETES: '400' },
  ])('stops start-up with a pt-BR message on %p', (env) => {
    expect(() => financasConfigFrom(env, DEFAULT_FIRM)).toThrow(ConfigError);
  });

  it.each(['52998224725', '11222333000181', '+5511988887777', 'financeiro@veritas.com.br', '123e4567-e89b-42d3-a456-426614174000'])(
    'takes FIRM_PIX_KEY %s, a key of one of the Pix kinds',
    (FIRM_PIX_KEY) => {
      expect(financasConfigFrom({ FIRM_PIX_KEY }, DEFAULT_FIRM).pix.chave).toBe(FIRM_PIX_KEY);
    },
  );

  it.each(['+55 11 98888-7777', 'Chave do escritório', '11222333000182', '52998224724', '11.222.333/0001-81', 'Financeiro@Veritas.com.br'])(
    'stops start-up on FIRM_PIX_KEY %p, naming the accepted kinds (issue 55)',
    (FIRM_PIX_KEY) => {
      expect(() => financasConfigFrom({ FIRM_PIX_KEY }, DEFAULT_FIRM)).toThrow(
        expect.objectContaining({ constructor: ConfigError, message: expect.stringMatching(/^FIRM_PIX_KEY inválida: use CPF .* ou chave aleatória \(UUID em minúsculas\) \(recebido: ".+"\)\.$/) }),
      );
    },
  );
});
