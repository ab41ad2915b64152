import { type KeyboardEvent, useRef } from 'react';

export interface TabDef<K extends string> {
  key: K;
  label: string;
}

/**
 * A WAI-ARIA tab list: the selected tab is the one stop in the tab order, the arrow keys (and
 * Home/End) move between tabs. The panel is rendered by the caller with `tabPanelProps`.
 */
export function Tabs<K extends string>({ tabs, selected, onSelect }: { tabs: readonly TabDef<K>[]; selected: K; onSelect: (key: K) => void }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(tabs[next].key);
    buttons.current[next]?.focus();
  }

  return (
    <div className="tabs" role="tablist" aria-label="Área do cliente">
      {tabs.map((tab, i) => (
        <button
          key={tab.key}
          ref={(el) => {
            buttons.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`tab-${tab.key}`}
          aria-selected={tab.key === selected}
          aria-controls={`panel-${tab.key}`}
          tabIndex={tab.key === selected ? 0 : -1}
          className="tabs__tab"
          onClick={() => onSelect(tab.key)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

export function tabPanelProps(key: string) {
  return { role: 'tabpanel', id: `panel-${key}`, 'aria-labelledby': `tab-${key}`, tabIndex: 0 } as const;
}
