import { PageHeader } from '../components/page-header';
import { DevelopersGuide } from '../modules/access-tokens/components/developers-guide';
import '../modules/access-tokens/access-tokens.css';

/** /developers (public): the guide for integrators. */
export default function DevelopersPage() {
  return (
    <>
      <PageHeader title="Développeurs" />
      <DevelopersGuide />
    </>
  );
}
