import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header';

/** Any unknown path: "404 Page Not Found" and its hint, plus a French line and a link home. */
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
