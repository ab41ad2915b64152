import type { DataSource } from 'typeorm';
import type { FilaSaidaResumo } from '@veritas/common';

/**
 * Whether system mail can reach people outside the firm (issue 53), read from the outbox table the
 * way the metrics read it: a relay is configured (SMTP_URL, or a row of email_saida: Configurações →
 * E-mail de saída), and the latest attempt to send did not fail. Both /api/health/ready ("email": "degradado", still 200) and the board's banner read this.
 * Indexed reads: the panel's relay (one row), the count by status (ix_mail_outbox_due) and the newest attempt (ix_mail_outbox_updated).
 */
export async function readOutgoingMail(db: DataSource, relayFromEnvironment: boolean): Promise<FilaSaidaResumo> {
  const relayConfigured = relayFromEnvironment || (await db.query('SELECT id FROM email_saida LIMIT 1')).length > 0;
  const counts: { status: string; n: string | number }[] = await db.query(
    "SELECT status, COUNT(*) AS n FROM mail_outbox WHERE status IN ('pending', 'failed') GROUP BY status",
  );
  const count = (status: string) => Number(counts.find((r) => r.status === status)?.n ?? 0);
  const latest: { status: string; lastError: string | null }[] = await db.query(
    "SELECT status, lastError FROM mail_outbox WHERE attempts > 0 AND status <> 'cancelled' ORDER BY updatedAt DESC LIMIT 1",
  );
  const last = latest[0];
  const ultimosEnviosFalharam = !!last && (last.status === 'failed' || (last.status === 'pending' && !!last.lastError));
  return {
    configurado: relayConfigured,
    ultimosEnviosFalharam,
    degradado: !relayConfigured || ultimosEnviosFalharam,
    aguardando: count('pending'),
    falharam: count('failed'),
  };
}
