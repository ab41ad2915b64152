import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConfigError, loadConfig } from '../config/config';

// The contact form's and password recovery's part of the configuration, read by config.ts.
describe('contact and password-recovery configuration', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-contatocfg-'));
  const load = (env: Record<string, string>) => {
    const config = loadConfig({ DATA_DIR: dataDir, ...env });
    return { contact: config.contact, passwordReset: config.passwordReset };
  };
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("delivers to the master's mailbox by default, with modest limits", () => {
    expect(load({})).toEqual({
      contact: { inbox: 'master@veritas.com.br', perIpPerHour: 10 },
      passwordReset: { perIpPerHour: 10, perEmailPerHour: 3 },
    });
  });

  it('follows MASTER_USERNAME and MAIL_DOMAIN, or takes CONTACT_INBOX (lower-cased)', () => {
    expect(load({ MASTER_USERNAME: 'chefe', MAIL_DOMAIN: 'firma.com.br' }).contact.inbox).toBe('chefe@firma.com.br');
    expect(load({ CONTACT_INBOX: ' Atendimento@Firma.com.br ' }).contact.inbox).toBe('atendimento@firma.com.br');
  });

  it.each<[Record<string, string>, RegExp]>([
    [{ CONTACT_INBOX: 'atendimento' }, /^CONTACT_INBOX "atendimento" não é um endereço de e-mail válido/],
    [{ CONTACT_RATE_PER_IP: '0' }, /^CONTACT_RATE_PER_IP deve ser um número inteiro entre 1 e 100000/],
    [{ PASSWORD_RESET_RATE_PER_IP: 'muitos' }, /^PASSWORD_RESET_RATE_PER_IP deve ser um número inteiro/],
    [{ PASSWORD_RESET_RATE_PER_EMAIL: '5000' }, /^PASSWORD_RESET_RATE_PER_EMAIL deve ser um número inteiro entre 1 e 1000/],
  ])('refuses %p in Portuguese', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });
});
