import { useQuery } from '@apollo/client/react';
import { MSG } from '@flaneur/schema';
import { Link } from 'react-router-dom';
import { hasErrorCode } from '../../../apollo/graphql-errors';
import { Spinner } from '../../../components/spinner';
import { LoadError } from '../../../components/load-error';
import { StatusMessage } from '../../../components/status-message';
import { ListingForEditDocument } from '../../../gql/graphql';
import { useUpdatePropertyMutation } from '../hooks/use-update-property-mutation';
import { listingToForm } from '../lib/listing-form-values';
import { PropertyForm } from './property-form';

interface EditListingProps {
  id: string;
  viewerId: string;
}

/** /add-property?edit={id}: the listing loaded into the form; only its owner may edit it. */
export function EditListing({ id, viewerId }: EditListingProps) {
  const { data, loading, error, refetch } = useQuery(ListingForEditDocument, {
    variables: { id },
    fetchPolicy: 'network-only',
  });
  const { updateProperty } = useUpdatePropertyMutation();
  const back = (
    <Link to="/my-properties" className="button button--primary">
      Retour à mes annonces
    </Link>
  );

  if (loading && !data) return <Spinner label="Chargement du bien…" />;
  if (error && hasErrorCode(error, 'NOT_FOUND')) {
    return (
      <StatusMessage
        tone="error"
        title="Bien non trouvé"
        text="Le bien immobilier que vous recherchez n'existe pas ou a été supprimé."
        action={back}
      />
    );
  }
  if (error || !data) {
    return (
      <LoadError
        title="Impossible de charger ce bien"
        text="Une erreur est survenue lors du chargement du bien."
        onRetry={refetch}
      />
    );
  }
  if (data.property.ownerId !== viewerId) {
    return <StatusMessage tone="error" title="Modification impossible" text={MSG.propertyForbidden} action={back} />;
  }

  return (
    <PropertyForm
      key={data.property.id}
      editing
      defaultValues={listingToForm(data.property)}
      onSubmit={(values) => updateProperty(id, values)}
    />
  );
}
