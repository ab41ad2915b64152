import { withUnsubscribe } from './unsubscribe-footer';

const U = {
  categoria: 'cobrancas' as const,
  label: 'Cobranças e lembretes',
  url: 'https://www.exemplo.com.br/api/notificacoes/descadastrar?token=a.b.c&x=1',
  preferencias: 'https://www.exemplo.com.br/cliente/meus-dados',
};

describe('an optional notice with its way out', () => {
  it('adds the link to the text and the escaped link to the HTML, and the RFC 8058 pair to the headers', () => {
    const m = withUnsubscribe({ to: ['a@b.com'], subject: 'S', text: 'Olá.', html: '<p>Olá.</p>', headers: { 'X-Outro': '1' } }, U);
    expect(m.text).toContain(`Para não receber mais estes avisos: ${U.url}`);
    expect(m.text).toContain('os avisos de cobranças e lembretes estão ligados');
    expect(m.html).toContain('href="https://www.exemplo.com.br/api/notificacoes/descadastrar?token=a.b.c&amp;x=1"');
    expect(m.headers).toEqual({ 'X-Outro': '1', 'List-Unsubscribe': `<${U.url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('a message with only HTML gets a text part made from it, with the link', () => {
    const m = withUnsubscribe({ to: ['a@b.com'], subject: 'S', html: '<p>Convite para a reunião.</p>' }, U);
    expect(m.text).toMatch(/^Convite para a reunião\./);
    expect(m.text).toContain(U.url);
  });
});
