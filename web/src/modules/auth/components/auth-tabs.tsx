import { useRef, type KeyboardEvent, type ReactNode } from 'react';

/** The two tabs of /auth. */
export type AuthTab = 'login' | 'register';

const TABS: { key: AuthTab; label: string }[] = [
  { key: 'login', label: 'Connexion' },
  { key: 'register', label: 'Inscription' },
];

interface AuthTabsProps {
  value: AuthTab;
  onChange: (tab: AuthTab) => void;
  children: ReactNode;
}

/** WAI-ARIA tabs "Connexion" / "Inscription"; arrow keys move between them. */
export function AuthTabs({ value, onChange, children }: AuthTabsProps) {
  const refs = useRef<Record<AuthTab, HTMLButtonElement | null>>({ login: null, register: null });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const index = TABS.findIndex((t) => t.key === value);
    const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length].key;
    onChange(next);
    refs.current[next]?.focus();
  };

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label="Authentification" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[tab.key] = el;
            }}
            type="button"
            role="tab"
            id={`auth-tab-${tab.key}`}
            className="tabs__tab"
            aria-selected={value === tab.key}
            aria-controls={`auth-panel-${tab.key}`}
            tabIndex={value === tab.key ? 0 : -1}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="tabs__panel" role="tabpanel" id={`auth-panel-${value}`} aria-labelledby={`auth-tab-${value}`}>
        {children}
      </div>
    </div>
  );
}
