import { contactRetentionDaysFrom, privacyFromEnv } from './privacy';
import { diasRestantes, prazoResposta, prazoRespostaTexto } from './titulares';

describe('the 15-day answer clock (LGPD art. 19 II)', () => {
  const criada = new Date('2026-11-10T13:00:00Z');

  it('ends 15 days after the request, to the minute', () => {
    expect(prazoResposta(criada).toISOString()).toBe('2026-11-25T13:00:00.000Z');
  });

  it.each([
    ['2026-11-10T13:00:00Z', 15, 'faltam 15 dias'],
    // Rounded up: minutes after the request it is still 15 days, not 14.
    ['2026-11-10T13:05:00Z', 15, 'faltam 15 dias'],
    ['2026-11-11T13:00:01Z', 14, 'faltam 14 dias'],
    ['2026-11-24T12:00:00Z', 2, 'faltam 2 dias'],
    ['2026-11-25T12:59:59Z', 1, 'falta 1 dia'],
    ['2026-11-25T13:00:00Z', 0, 'vence hoje'],
    ['2026-11-25T13:00:01Z', -1, 'atrasada 1 dia'],
    ['2026-11-28T13:00:01Z', -4, 'atrasada 4 dias'],
  ])('at %s: %i days (%s)', (now, dias, texto) => {
    expect(diasRestantes(prazoResposta(criada), new Date(now))).toBe(dias);
    expect(prazoRespostaTexto(dias)).toBe(texto);
  });
});

describe('privacy configuration', () => {
  it('reads the encarregado and the retention, with the firm e-mail and 365 days by default', () => {
    expect(privacyFromEnv({}, 'contato@firma.com.br')).toEqual({ dpoName: 'Encarregado de Proteção de Dados', dpoEmail: 'contato@firma.com.br', contactRetentionDays: 365, auditRetentionDays: 1826 });
    expect(privacyFromEnv({ FIRM_DPO_NAME: ' Marina ', FIRM_DPO_EMAIL: 'dpo@firma.com.br', CONTACT_RETENTION_DAYS: '90', AUDIT_RETENTION_DAYS: '3650' }, 'x@y.z')).toEqual({
      dpoName: 'Marina',
      dpoEmail: 'dpo@firma.com.br',
      contactRetentionDays: 90,
      auditRetentionDays: 3650,
    });
  });

  it.each([['0'], ['3651'], ['1.5'], ['abc'], ['-3']])('refuses CONTACT_RETENTION_DAYS=%s', (raw) => {
    expect(contactRetentionDaysFrom(raw)).toBeNull();
  });
});
