import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConfigError, loadConfig } from '../platform/config';

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

  it('keeps contact messages 365 days by default, or CONTACT_RETENTION_DAYS; names the encarregado (issue 16)', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).privacy).toEqual({ dpoName: 'Encarregado de Proteção de Dados', dpoEmail: 'contato@veritas.com.br', contactRetentionDays: 365, auditRetentionDays: 1826 });
    expect(loadConfig({ DATA_DIR: dataDir, CONTACT_RETENTION_DAYS: '180', FIRM_DPO_NAME: 'Marina', FIRM_DPO_EMAIL: 'dpo@veritas.com.br' }).privacy).toEqual({
      dpoName: 'Marina',
      dpoEmail: 'dpo@veritas.com.br',
      contactRetentionDays: 180,
      auditRetentionDays: 1826,
    });
  });

  it('follows MASTER_USERNAME and MAIL_DOMAIN, or takes CONTACT_INBOX (lower-cased)', () => {
    expect(load({ MASTER_USERNAME: 'chefe', MAIL_DOMAIN: 'firma.com.br' }).contact.inbox).toBe('chefe@firma.com.br');
    expect(load({ CONTACT_INBOX: ' Atendimento@Firma.com.br ' }).contact.inbox).toBe('atendimento@firma.com.br');
  });

  it.each<[Record<string, string>, RegExp]>([
    [{ CONTACT_INBOX: 'atendimento' }, /^CONTACT_INBOX "atendimento" não é um endereço de e-mail válido/],
    [{ CONTACT_RATE_PER_IP: '0' }, /^CONTACT_RATE_PER_IP deve ser um número inteiro entre 1 e 100000/],
    [{ CONTACT_RETENTION_DAYS: '0' }, /^CONTACT_RETENTION_DAYS deve ser um número inteiro entre 1 e 3650/],
    [{ PASSWORD_RESET_RATE_PER_IP: 'muitos' }, /^PASSWORD_RESET_RATE_PER_IP deve ser um número inteiro/],
    [{ PASSWORD_RESET_RATE_PER_EMAIL: '5000' }, /^PASSWORD_RESET_RATE_PER_EMAIL deve ser um número inteiro entre 1 e 1000/],
  ])('refuses %p in Portuguese', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });
});
