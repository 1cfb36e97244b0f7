import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/** One tab: its key and visible label. */
export interface TabItem<K extends string> {
  key: K;
  label: string;
  /**
   * The address of the screen with this tab selected: the tab is then a link, which works on a server-painted screen
   * before the app has hydrated (the browser loads that address; the server paints that tab). Once hydrated, a tap
   * selects the tab in place.
   */
  href?: string;
}

/** The id of a tab of the bar whose ids start with `idBase` (its panel's `aria-labelledby`). */
export function tabId(idBase: string, key: string): string {
  return `${idBase}-tab-${key}`;
}

/** The id of the panel the tabs of `idBase` control. */
export function tabPanelId(idBase: string): string {
  return `${idBase}-panel`;
}

interface TabListProps<K extends string> {
  /** Names the tab list for assistive tech. */
  label: string;
  items: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  /** Prefix of the tab ids and of the panel id (see `tabId`, `tabPanelId`). */
  idBase: string;
  /** Extra class on the tab list (the tabs keep `tabs__tab`). */
  className?: string;
}

/**
 * The one tab bar (WAI-ARIA tabs): one tab in the Tab order, arrow keys, Home and End move between
 * tabs. The panel is the caller's, with the id `tabPanelId(idBase)`; `Tabs` adds it.
 */
export function TabList<K extends string>({ label, items, value, onChange, idBase, className }: TabListProps<K>) {
  const refs = useRef(new Map<K, HTMLElement | null>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((t) => t.key === value);
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index + items.length - 1) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else return;
    event.preventDefault();
    onChange(items[next].key);
    refs.current.get(items[next].key)?.focus();
  };

  return (
    <div
      className={className ? `tabs__list ${className}` : 'tabs__list'}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      style={{ gridTemplateColumns: `repeat(${items.length}, 1fr)` }}
    >
      {items.map((tab) => {
        const common = {
          ref: (el: HTMLElement | null) => {
            refs.current.set(tab.key, el);
          },
          role: 'tab',
          id: tabId(idBase, tab.key),
          className: 'tabs__tab',
          'aria-selected': value === tab.key,
          'aria-controls': tabPanelId(idBase),
          tabIndex: value === tab.key ? 0 : -1,
        } as const;
        return tab.href ? (
          <a
            key={tab.key}
            {...common}
            href={tab.href}
            onClick={(event) => {
              event.preventDefault();
              onChange(tab.key);
            }}
          >
            {tab.label}
          </a>
        ) : (
          <button key={tab.key} {...common} type="button" onClick={() => onChange(tab.key)}>
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

interface TabsProps<K extends string> extends Omit<TabListProps<K>, 'idBase' | 'className'> {
  children: ReactNode;
}

/** A tab bar with its panel, which shows `children` (the selected tab's content). */
export function Tabs<K extends string>({ children, ...list }: TabsProps<K>) {
  const idBase = useId();
  return (
    <div className="tabs">
      <TabList {...list} idBase={idBase} />
      <div className="tabs__panel" role="tabpanel" id={tabPanelId(idBase)} aria-labelledby={tabId(idBase, list.value)}>
        {children}
      </div>
    </div>
  );
}
