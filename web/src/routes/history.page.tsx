import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BackButton } from '../components/back-button';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { TabList, tabId, tabPanelId, type TabItem } from '../components/tabs';
import { HistoryControls } from '../modules/history/components/history-controls';
import { HistoryLoadError, NoDiscoveries, NoResults } from '../modules/history/components/history-states';
import { useHistoryQuery } from '../modules/history/hooks/use-history-query';
import {
  applyHistoryView,
  DEFAULT_HISTORY_VIEW,
  onlyRentals,
  parseHistoryView,
  type HistoryViewOptions,
} from '../modules/history/lib/history-view';
import { LazyHistoryMap } from '../modules/map/components/lazy-maps';
import { PropertyRowCard } from '../modules/properties/components/property-row-card';
import '../modules/history/history.css';

/** The two views of /history, kept in the address as ?view=. */
type HistoryTab = 'list' | 'map';

const VIEW_TABS: readonly TabItem<HistoryTab>[] = [
  { key: 'list', label: 'Liste' },
  { key: 'map', label: 'Carte' },
];

/** /history "Découvertes": list or map, sorted and filtered from the address, kept live (by the shell's LiveDiscoveries). */
export default function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const { data, loading, error, refetch } = useHistoryQuery();
  const all = data?.history;
  const rentalsOnly = useMemo(() => onlyRentals(all ?? []), [all]);
  const view = parseHistoryView(params, rentalsOnly);
  const tab: HistoryTab = params.get('view') === 'map' ? 'map' : 'list';

  const { sort, status, type, priceMin, priceMax } = view;
  const shown = useMemo(
    () => applyHistoryView(all ?? [], { sort, status, type, priceMin, priceMax }),
    [all, sort, status, type, priceMin, priceMax],
  );

  const update = (patch: Partial<HistoryViewOptions> & { view?: HistoryTab }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const merged = { ...view, view: tab, ...patch };
        const defaults = { ...DEFAULT_HISTORY_VIEW, view: 'list' };
        for (const key of ['view', 'sort', 'status', 'type', 'priceMin', 'priceMax'] as const) {
          const value = merged[key];
          if (value === defaults[key] || value === null) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );
  const reset = () => update({ ...DEFAULT_HISTORY_VIEW });

  return (
    <>
      <PageHeader title="Découvertes" />
      <div className="page history">
        <div className="history-toolbar">
          <BackButton variant="text" />
          <TabList
            label="Affichage"
            items={VIEW_TABS}
            value={tab}
            onChange={(next) => update({ view: next })}
            idBase="history"
            className="view-tabs"
          />
          <Link to="/walks" className="button button--secondary button--small">
            Mes balades
          </Link>
        </div>
        {loading && !all ? (
          <Spinner label="Chargement des découvertes…" screen />
        ) : error && !all ? (
          <HistoryLoadError onRetry={() => void refetch().catch(() => undefined)} />
        ) : !all || all.length === 0 ? (
          // In the tab panel the tabs point at (aria-controls), empty as it is.
          <div id={tabPanelId('history')} role="tabpanel" aria-labelledby={tabId('history', tab)}>
            <NoDiscoveries />
          </div>
        ) : (
          <>
            <HistoryControls
              view={view}
              count={shown.length}
              onChange={update}
              onReset={reset}
              rentalsOnly={rentalsOnly}
            />
            <div id={tabPanelId('history')} role="tabpanel" aria-labelledby={tabId('history', tab)}>
              {shown.length === 0 ? (
                <NoResults onReset={reset} />
              ) : tab === 'map' ? (
                <LazyHistoryMap items={shown} />
              ) : (
                <ul className="card-list">
                  {shown.map((item, index) => (
                    <li key={item.entry.id}>
                      <PropertyRowCard property={item.property} entry={item.entry} priority={index === 0} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
      </div>
    </>
  );
}
