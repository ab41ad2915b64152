import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { Tabs, tabPanelProps } from '../portal/Tabs';
import { useCliente } from '../auth/RequireCliente';
import { type TabKey, TABS, tabsFor } from '../portal/portalTabs';
import { Header } from './Header';

const AREA = 'Área do Cliente | Veritas Assessoria Empresarial';

/** The client area's frame: the header, the tabs and the open tab's panel (its route). */
export function PortalLayout({ tab }: { tab: TabKey }) {
  const label = TABS.find((t) => t.key === tab)?.label;
  const tabs = tabsFor(useCliente().membro?.capacidades);

  // A bookmark and the history list name the tab.
  useEffect(() => {
    document.title = tab === 'dashboard' ? AREA : `${label} — ${AREA}`;
  }, [tab, label]);

  return (
    <div className="portal">
      <Header />
      <main className="container portal-main">
        <Tabs selected={tab} tabs={tabs} />
        <div {...tabPanelProps(tab)} className="tab-panel">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
