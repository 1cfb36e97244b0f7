import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header';

/** Any unknown path (SPEC §2 texts plus the French line and link of DECISIONS.md). */
export default function NotFoundPage() {
  return (
    <>
      <PageHeader title="404 Page Not Found" />
      <div className="page not-found">
        <p lang="en">Did you forget to add the page to the router?</p>
        <p>Cette page n'existe pas.</p>
        <Link to="/" className="button button--primary">
          Retour à l'accueil
        </Link>
      </div>
    </>
  );
}
