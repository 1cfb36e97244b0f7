import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/** One tab: its key and visible label. */
export interface TabItem<K extends string> {
  key: K;
  label: string;
}

interface TabsProps<K extends string> {
  /** Names the tab list for assistive tech. */
  label: string;
  items: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  children: ReactNode;
}

/** WAI-ARIA tabs: one tab in the Tab order, arrow keys, Home and End move between tabs. */
export function Tabs<K extends string>({ label, items, value, onChange, children }: TabsProps<K>) {
  const id = useId();
  const refs = useRef(new Map<K, HTMLButtonElement | null>());

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
    <div className="tabs">
      <div
        className="tabs__list"
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        style={{ gridTemplateColumns: `repeat(${items.length}, 1fr)` }}
      >
        {items.map((tab) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current.set(tab.key, el);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            className="tabs__tab"
            aria-selected={value === tab.key}
            aria-controls={`${id}-panel`}
            tabIndex={value === tab.key ? 0 : -1}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="tabs__panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${value}`}>
        {children}
      </div>
    </div>
  );
}
