import type { ReactElement } from 'react';
import { RowAction } from '../ui/FormBits';

/** One of §2.14's inert tools (archive, spam, emoji, drive...): shown, not working. */
export function InertButton({ label, icon }: { label: string; icon: ReactElement }) {
  return <RowAction label={label} title={`${label} (indisponível)`} icon={icon} onClick={() => undefined} disabled />;
}
