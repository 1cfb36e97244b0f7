import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { ModerationDecisions } from '../modules/moderation/components/moderation-decisions';
import { MyListings } from '../modules/properties/components/my-listings';
import { VisitRequests } from '../modules/visit-requests/components/visit-requests';
import '../components/common.css';
import '../modules/properties/listings.css';

/** /my-properties: the user's listings and the visit requests they received. */
export default function MyPropertiesPage() {
  return (
    <>
      <PageHeader
        title="Mes annonces"
        actions={
          <Link to="/add-property" className="button button--primary button--small">
            Ajouter<span className="visually-hidden"> un bien</span>
          </Link>
        }
      />
      <div className="page">
        {/*
          Agencies bring their whole stock through their software's Poliris export. First on the page: nothing that
          loads arrives above it and moves it under a finger.
        */}
        <p className="my-properties-feeds">
          <Link to="/my-properties/feeds">Flux d'annonces (agences)</Link>
        </p>
        {/* Requests waiting for an answer come first: a long list would push them out of sight. */}
        <VisitRequests />
        <section className="my-listings-section" aria-labelledby="my-listings-title">
          <h2 id="my-listings-title" className="section-title">
            Mes biens
          </h2>
          <MyListings />
        </section>
        {/* Where an owner looks for what happened to a listing (or to the account): shown only when there is one. */}
        <ModerationDecisions />
      </div>
    </>
  );
}
