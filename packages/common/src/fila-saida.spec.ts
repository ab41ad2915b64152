import { filaSaidaAviso, filaSaidaEventoLabel, type FilaSaidaResumo } from './fila-saida';

const resumo = (r: Partial<FilaSaidaResumo>): FilaSaidaResumo => ({ configurado: true, ultimosEnviosFalharam: false, degradado: false, aguardando: 0, falharam: 0, ...r });

describe('filaSaidaAviso (the panel banner, issue 53)', () => {
  it('says nothing while mail goes out', () => {
    expect(filaSaidaAviso(resumo({ aguardando: 3 }))).toBeNull();
  });

  it('without SMTP_URL, counts what waits in correct Portuguese', () => {
    expect(filaSaidaAviso(resumo({ configurado: false, degradado: true, aguardando: 1 }))).toBe(
      'O envio de e-mails para fora não está configurado: 1 mensagem aguarda na fila de saída. Os clientes não recebem avisos nem links de redefinição de senha. Configure em Configurações → E-mail de saída.',
    );
    expect(filaSaidaAviso(resumo({ configurado: false, degradado: true, aguardando: 1234 }))).toContain('1.234 mensagens aguardam');
    expect(filaSaidaAviso(resumo({ configurado: false, degradado: true }))).toContain('nenhuma mensagem aguarda');
  });

  it('after failed sends, points to the Fila de saída', () => {
    expect(filaSaidaAviso(resumo({ ultimosEnviosFalharam: true, degradado: true, aguardando: 2 }))).toBe(
      'Os últimos envios de e-mail falharam: 2 mensagens aguardam na fila de saída. Veja Configurações → Fila de saída.',
    );
  });
});

describe('filaSaidaEventoLabel', () => {
  it('names the known events and shows an unknown one as stored', () => {
    expect(filaSaidaEventoLabel('registro.recebido')).toBe('Solicitação recebida');
    expect(filaSaidaEventoLabel('outro.evento')).toBe('outro.evento');
    expect(filaSaidaEventoLabel('constructor')).toBe('constructor');
    expect(filaSaidaEventoLabel(null)).toBe('—');
  });
});
