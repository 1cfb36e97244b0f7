import { useRef, type KeyboardEvent } from 'react';

/** The two views of /history. */
export type HistoryTab = 'list' | 'map';

const TABS: { key: HistoryTab; label: string }[] = [
  { key: 'list', label: 'Liste' },
  { key: 'map', label: 'Carte' },
];

/** "Liste" / "Carte" tabs (arrow keys move between them). */
export function ViewTabs({ value, onChange }: { value: HistoryTab; onChange: (tab: HistoryTab) => void }) {
  const refs = useRef<Record<HistoryTab, HTMLButtonElement | null>>({ list: null, map: null });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = value === 'list' ? 'map' : 'list';
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="view-tabs" role="tablist" aria-label="Affichage" onKeyDown={onKeyDown}>
      {TABS.map((tab) => (
        <button
          key={tab.key}
          ref={(el) => {
            refs.current[tab.key] = el;
          }}
          type="button"
          role="tab"
          id={`history-tab-${tab.key}`}
          aria-controls="history-panel"
          aria-selected={value === tab.key}
          tabIndex={value === tab.key ? 0 : -1}
          className="view-tabs__tab"
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
