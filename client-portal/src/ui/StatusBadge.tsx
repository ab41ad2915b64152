import { REGISTRO_STATUS_LABELS, type RegistroStatus } from '@veritas/common';

/** A registro's status with its own colour (§4: each status with a matching style). */
export function StatusBadge({ status }: { status: RegistroStatus }) {
  return <span className={`status status--${status}`}>{REGISTRO_STATUS_LABELS[status] ?? status}</span>;
}
