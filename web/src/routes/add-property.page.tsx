import { useSearchParams } from 'react-router-dom';
import { BackButton } from '../components/back-button';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { useMe } from '../modules/auth/hooks/use-me';
import { displayName } from '../lib/display-name';
import { EditListing } from '../modules/properties/components/edit-listing';
import { PropertyForm } from '../modules/properties/components/property-form';
import { useCreatePropertyMutation } from '../modules/properties/hooks/use-create-property-mutation';
import { emptyListing } from '../modules/properties/lib/listing-form-values';
import '../components/common.css';
import '../modules/properties/listings.css';

/**
 * /add-property: publishes a listing; with ?edit={id} edits that listing.
 * Signed-out visitors are sent to /auth by the route guard.
 */
export default function AddPropertyPage() {
  const [searchParams] = useSearchParams();
  const editId = searchParams.get('edit');
  const { user } = useMe();
  const { createProperty } = useCreatePropertyMutation();

  return (
    <>
      <PageHeader title={editId ? 'Modifier le bien' : 'Ajouter un bien'} actions={<BackButton fallback="/" />} />
      <div className="page">
        {!user ? (
          <Spinner />
        ) : editId ? (
          <EditListing id={editId} viewerId={user.id} />
        ) : (
          <PropertyForm
            defaultValues={emptyListing({
              name: displayName(user),
              email: user.email,
              phone: user.phone ?? '',
            })}
            onSubmit={createProperty}
          />
        )}
      </div>
    </>
  );
}
