import { useSimulateDiscoveryMutation } from '../../history/hooks/use-simulate-discovery-mutation';

/** Testing aid: adds the nearest not-yet-discovered listing to today's discoveries. */
export function SimulateDiscoveryButton() {
  const { simulateDiscovery, loading } = useSimulateDiscoveryMutation();
  return (
    <div className="simulate-discovery">
      <p className="simulate-discovery__text">Aucune découverte aujourd'hui. Essayez sans sortir de chez vous :</p>
      <button
        type="button"
        className="button simulate-discovery__button"
        disabled={loading}
        onClick={() => void simulateDiscovery()}
      >
        {loading ? 'Simulation...' : 'Simuler une découverte'}
      </button>
    </div>
  );
}
