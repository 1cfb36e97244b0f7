import { useQuery } from '@apollo/client/react';
import { SimulationEnabledDocument } from '../../../gql/graphql';
import { useSimulateDiscoveryMutation } from '../../history/hooks/use-simulate-discovery-mutation';

/**
 * Testing aid: adds the nearest not-yet-discovered listing to today's discoveries. Shown only where the server runs
 * the simulation (never in a production without ENABLE_SIMULATION).
 */
export function SimulateDiscoveryButton() {
  const { data } = useQuery(SimulationEnabledDocument);
  const { simulateDiscovery, loading } = useSimulateDiscoveryMutation();
  if (!data?.simulationEnabled) return null;
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
