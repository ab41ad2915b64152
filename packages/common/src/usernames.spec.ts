import { isReservedUsername, RESERVED_USERNAMES, reservedUsernameMessage, SYSTEM_SENDER_LOCAL_PART } from './usernames';

describe('reserved usernames', () => {
  it.each(['nao-responda', 'postmaster', 'abuse', 'contato', 'root', 'admin', 'hostmaster', 'webmaster', 'mailer-daemon', 'noreply', 'no-reply'])(
    'reserves %s',
    (name) => expect(isReservedUsername(name)).toBe(true),
  );

  it.each(['no.reply', 'nao_responda', 'Post.Master', ' ADMIN ', 'mailer.daemon', 'naoresponda'])('reserves %s, written differently', (name) => {
    expect(isReservedUsername(name)).toBe(true);
  });

  it.each(['joana.silva', 'diretoria', 'suporte', 'financeiro', 'administrativo', 'rooter', 'contatos', 'master', ''])('leaves %s free', (name) => {
    expect(isReservedUsername(name)).toBe(false);
  });

  it('adds the addresses the server is configured with', () => {
    expect(isReservedUsername('fale.conosco', ['faleconosco'])).toBe(true);
    expect(isReservedUsername('fale.conosco')).toBe(false);
  });

  it('holds the system sender and says why in Portuguese', () => {
    expect(RESERVED_USERNAMES).toContain(SYSTEM_SENDER_LOCAL_PART);
    expect(reservedUsernameMessage(' Root ')).toBe('O nome de usuário "root" é reservado a endereços do sistema. Escolha outro.');
  });
});
