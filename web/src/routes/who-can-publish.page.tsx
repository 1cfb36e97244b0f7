import { LEGAL_MENTIONS } from '@flaneur/schema';
import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header';

/** « Qui peut publier ? » (public, linked from every screen): who may post a listing and what Flâneur checks. */
export default function WhoCanPublishPage() {
  return (
    <>
      <PageHeader title="Qui peut publier ?" />
      <div className="page">
        <section className="card" aria-labelledby="publish-who">
          <h2 id="publish-who" className="card__title">
            Particuliers et professionnels
          </h2>
          <p>
            Toute personne ayant un compte Flâneur peut publier une annonce de vente ou de location d'un bien dont elle
            est propriétaire ou qu'elle est chargée de vendre ou de louer. À la publication, l'annonceur déclare s'il
            agit en <strong>Particulier</strong> ou en <strong>Professionnel</strong> (agent immobilier, administrateur
            de biens, promoteur) ; chaque annonce l'affiche.
          </p>
          <p>{LEGAL_MENTIONS.privateSellerWarning}</p>
          <p>
            Un professionnel de l'immobilier doit détenir la carte professionnelle prévue par la loi Hoguet et indiquer
            ses honoraires dans l'annonce : à la charge du locataire pour une location, honoraires inclus et exclus et
            qui les paie pour une vente.
          </p>
        </section>

        <section className="card" aria-labelledby="publish-checks">
          <h2 id="publish-checks" className="card__title">
            Ce que Flâneur vérifie
          </h2>
          <ul>
            <li>
              Les mentions obligatoires sont exigées avant la publication : classe énergie et classe climat, montant
              estimé des dépenses annuelles d'énergie (sauf vente en l'état futur d'achèvement), loyer charges
              comprises, charges et leur mode de règlement, dépôt de garantie, meublé ou non, copropriété.
            </li>
            <li>
              En zone d'encadrement des loyers, le loyer de base ne peut pas dépasser le loyer de référence majoré
              déclaré, et un logement classé F ou G ne peut pas avoir de complément de loyer.
            </li>
            <li>Le dépôt de garantie est plafonné (un mois de loyer hors charges, deux pour un meublé).</li>
            <li>Chaque annonce rappelle où consulter les risques auxquels le bien est exposé (Géorisques).</li>
          </ul>
          <p>
            Flâneur ne visite pas les biens et ne contrôle ni les diagnostics ni la carte professionnelle des annonceurs
            : en cas de doute, demandez-les avant toute visite ou tout versement, et ne transmettez jamais votre dossier
            hors de la messagerie de Flâneur.
          </p>
        </section>

        <p>
          <Link to="/add-property" className="button button--primary">
            Publier une annonce
          </Link>
        </p>
      </div>
    </>
  );
}
