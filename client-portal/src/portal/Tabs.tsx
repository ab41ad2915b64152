import { type KeyboardEvent, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { type TabDef, type TabKey, TABS } from './portalTabs';

/**
 * A WAI-ARIA tab list whose tabs are links to their addresses: the selected tab is the one stop in
 * the tab order, the arrow keys (and Home/End) go to the next tab's address. The panel is rendered
 * by the caller with `tabPanelProps`.
 */
export function Tabs({ selected, tabs = TABS }: { selected: TabKey; tabs?: readonly TabDef[] }) {
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const navigate = useNavigate();

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    navigate(tabs[next].path);
    links.current[next]?.focus();
  }

  return (
    <div className="tabs" role="tablist" aria-label="Área do cliente">
      {tabs.map((tab, i) => (
        <Link
          key={tab.key}
          ref={(el) => {
            links.current[i] = el;
          }}
          to={tab.path}
          role="tab"
          id={`tab-${tab.key}`}
          aria-selected={tab.key === selected}
          aria-controls={`panel-${tab.key}`}
          tabIndex={tab.key === selected ? 0 : -1}
          className="tabs__tab tabs__tab--link"
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {tab.label}
        </Link>
      ))}
    </div>
  );
}

export function tabPanelProps(key: TabKey) {
  return { role: 'tabpanel', id: `panel-${key}`, 'aria-labelledby': `tab-${key}`, tabIndex: 0 } as const;
}
