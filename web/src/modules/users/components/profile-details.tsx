import type { SessionUserFragment } from '../../../gql/graphql';

const ROWS: { key: keyof SessionUserFragment; label: string }[] = [
  { key: 'firstName', label: 'Prénom' },
  { key: 'lastName', label: 'Nom' },
  { key: 'email', label: 'E-mail' },
  { key: 'phone', label: 'Téléphone' },
  { key: 'age', label: 'Âge' },
  { key: 'address', label: 'Adresse' },
  { key: 'city', label: 'Ville' },
  { key: 'postalCode', label: 'Code postal' },
];

/** The own profile's fields in view mode; empty ones read "Non renseigné". */
export function ProfileDetails({ user }: { user: SessionUserFragment }) {
  return (
    <div className="profile-details">
      <dl className="profile-details__list">
        {ROWS.map(({ key, label }) => {
          const value = user[key];
          return (
            <div key={key} className="profile-details__row">
              <dt>{label}</dt>
              <dd>
                {value === null || value === '' ? (
                  <span className="profile-details__empty">Non renseigné</span>
                ) : (
                  String(value)
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      <div className="profile-details__bio">
        <h3 className="profile-details__bio-title">Bio</h3>
        <p>{user.bio || <span className="profile-details__empty">Non renseignée</span>}</p>
      </div>
    </div>
  );
}
