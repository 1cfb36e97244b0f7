import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { HistoryControls } from '../modules/history/components/history-controls';
import { HistoryLoadError, NoDiscoveries, NoResults } from '../modules/history/components/history-states';
import { ViewTabs, type HistoryTab } from '../modules/history/components/view-tabs';
import { useDiscoveryAddedSubscription } from '../modules/history/hooks/use-discovery-added-subscription';
import { useHistoryQuery } from '../modules/history/hooks/use-history-query';
import {
  applyHistoryView,
  DEFAULT_HISTORY_VIEW,
  parseHistoryView,
  type HistoryViewOptions,
} from '../modules/history/lib/history-view';
import { LazyHistoryMap } from '../modules/map/components/lazy-maps';
import { BackButton } from '../modules/properties/components/back-button';
import { PropertyRowCard } from '../modules/properties/components/property-row-card';
import '../modules/history/history.css';

/** /history "Découvertes" (SPEC §2, §4): list or map, sorted and filtered from the address, kept live. */
export default function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const view = parseHistoryView(params);
  const tab: HistoryTab = params.get('view') === 'map' ? 'map' : 'list';
  const { data, loading, error, refetch } = useHistoryQuery();
  useDiscoveryAddedSubscription();

  const all = data?.history;
  const { sort, status, type } = view;
  const shown = useMemo(() => applyHistoryView(all ?? [], { sort, status, type }), [all, sort, status, type]);

  const update = (patch: Partial<HistoryViewOptions> & { view?: HistoryTab }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const merged = { ...view, view: tab, ...patch };
        const defaults = { ...DEFAULT_HISTORY_VIEW, view: 'list' };
        for (const key of ['view', 'sort', 'status', 'type'] as const) {
          if (merged[key] === defaults[key]) next.delete(key);
          else next.set(key, merged[key]);
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
          <BackButton />
          <ViewTabs value={tab} onChange={(next) => update({ view: next })} />
        </div>
        {loading && !all ? (
          <Spinner label="Chargement des découvertes…" />
        ) : error && !all ? (
          <HistoryLoadError onRetry={() => void refetch().catch(() => undefined)} />
        ) : !all || all.length === 0 ? (
          <NoDiscoveries />
        ) : (
          <>
            <HistoryControls view={view} count={shown.length} onChange={update} onReset={reset} />
            <div id="history-panel" role="tabpanel" aria-labelledby={`history-tab-${tab}`}>
              {shown.length === 0 ? (
                <NoResults onReset={reset} />
              ) : tab === 'map' ? (
                <LazyHistoryMap items={shown} />
              ) : (
                <ul className="card-list">
                  {shown.map((item) => (
                    <li key={item.entry.id}>
                      <PropertyRowCard property={item.property} entry={item.entry} />
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
