import { ConfigError, readEnv, serverEnv } from '../config';
import { rotateKeptAuditKey } from './rotate-key';

/**
 * npm run audit:rotate-key — with the product stopped (ADR 0009, rotation). The configuration is the
 * product's own (DATA_DIR). With AUDIT_KEY in the environment the key is not ours to change: the
 * command says what to set instead. Exit codes: 0 done, 1 failed, 2 nothing to do here, 78 bad configuration.
 */
function main(): number {
  try {
    if (process.env.AUDIT_KEY?.trim()) {
      console.error(
        'AUDIT_KEY vem do ambiente: para trocar a chave, acrescente a atual a AUDIT_KEYRING (separadas por vírgula), ' +
          'defina AUDIT_KEY com a nova (pelo menos 32 caracteres) e inicie o produto.',
      );
      return 2;
    }
    // Only the server's settings: the full configuration would create a key in an empty DATA_DIR.
    const { dataDir } = readEnv(serverEnv, process.env);
    const { from, to } = rotateKeptAuditKey(dataDir);
    console.log(`Chave da auditoria trocada: ${from} → ${to} (a anterior fica em ${dataDir}/audit-keyring). Inicie o produto: ele grava a entrada da troca sob a nova chave.`);
    return 0;
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuração inválida: ${err.message}`);
      return 78;
    }
    console.error((err as Error).message);
    return 1;
  }
}

process.exit(main());
