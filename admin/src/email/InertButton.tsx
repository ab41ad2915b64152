import type { ReactElement } from 'react';
import { useMailText } from './mailText';
import { ToolButton } from './ToolButton';

/** One of §2.14's inert tools (spam, emoji, drive...): shown, not working. */
export function InertButton({ label, icon }: { label: string; icon: ReactElement }) {
  const t = useMailText();
  return <ToolButton label={label} title={t('toolbar.unavailable', { label })} icon={icon} onClick={() => undefined} disabled />;
}
