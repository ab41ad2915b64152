import type { ReactElement } from 'react';
import { ToolButton } from './ToolButton';

/** One of §2.14's inert tools (archive, spam, emoji, drive...): shown, not working. */
export function InertButton({ label, icon }: { label: string; icon: ReactElement }) {
  return <ToolButton label={label} title={`${label} (indisponível)`} icon={icon} onClick={() => undefined} disabled />;
}
