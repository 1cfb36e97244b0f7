import { formatMarketDay } from '../lib/market-format';
import '../market.css';

/** « Source : DVF, DGFiP, données au 30 juin 2026 »: under every market figure. */
export function MarketSource({ source, dataUntil }: { source: string; dataUntil?: string | null }) {
  return (
    <p className="market-panel__source">
      Source : {source}
      {dataUntil ? `, données au ${formatMarketDay(dataUntil)}` : ''}
    </p>
  );
}
