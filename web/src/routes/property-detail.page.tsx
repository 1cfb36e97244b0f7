import { useParams } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { PropertyDetailView } from '../modules/properties/components/property-detail-view';
import { PropertyNotFound } from '../modules/properties/components/property-not-found';
import { usePropertyDetailQuery } from '../modules/properties/hooks/use-property-detail-query';

/** /property/{id}: spinner, then the listing or "Bien non trouvé". Open to visitors. */
export default function PropertyDetailPage() {
  const { id = '' } = useParams();
  const { data, loading, error } = usePropertyDetailQuery(id);

  return (
    <>
      <PageHeader title="Détail du bien" />
      {loading ? (
        <Spinner screen />
      ) : error || !data?.property ? (
        <div className="page">
          <PropertyNotFound />
        </div>
      ) : (
        <PropertyDetailView property={data.property} />
      )}
    </>
  );
}
