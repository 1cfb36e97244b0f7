import { ACCESS_TOKEN_SCOPE_LABELS, ACCESS_TOKEN_SCOPES, WEBHOOK_EVENT_SCOPES, WEBHOOK_EVENTS } from '@flaneur/schema';
import { Link } from 'react-router-dom';

const CURL = `curl https://flaneur.example/graphql \\
  -H "Authorization: Bearer flr_…" \\
  -H "Content-Type: application/json" \\
  -d '{"query":"{ properties(first: 5) { nodes { id title price city } } }"}'`;

const COST_ANSWER = `"extensions": {
  "cost": {
    "requestedQueryCost": 6,
    "actualQueryCost": 6,
    "throttleStatus": { "maximumAvailable": 1000, "currentlyAvailable": 994, "restoreRate": 50 }
  }
}`;

const VERIFY = `import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.FLANEUR_WEBHOOK_SECRET); // whsec_…

app.post('/flaneur', express.raw({ type: 'application/json' }), (req, res) => {
  try {
    // Vérifie webhook-signature sur « webhook-id.webhook-timestamp.corps » et refuse les messages trop anciens.
    const event = webhook.verify(req.body, req.headers);
    // Ignorez un webhook-id déjà traité : un événement peut arriver deux fois.
    console.log(event.type, event.data);
    res.sendStatus(204);
  } catch {
    res.sendStatus(400);
  }
});`;

const EVENT_LABELS: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  'discovery.created': 'un bien découvert pendant une balade (le marcheur)',
  'message.created': 'un nouveau message (les deux participants)',
  'favorite.created': 'un bien ajouté aux favoris',
  'favorite.deleted': 'un bien retiré des favoris',
  'property.created': 'une annonce publiée (son propriétaire)',
  'property.updated':
    "une annonce modifiée (son propriétaire et ceux qui l'ont en favori) ; previousPrice quand le prix a changé",
  'property.deleted': "une annonce supprimée (son propriétaire et ceux qui l'ont en favori)",
  'visit_request.created': 'une demande de visite (le demandeur et le propriétaire)',
  'visit_request.updated': 'la réponse à une demande de visite (les mêmes)',
};

/** A code sample: it scrolls sideways on a phone, so it takes the keyboard's focus to scroll, and is named for it. */
function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <pre className="developers__code" tabIndex={0} role="region" aria-label={label}>
      <code>{children}</code>
    </pre>
  );
}

/** /developers: how integrators build on the API (tokens, scopes, cost, webhooks, the Sandbox), in French. */
export function DevelopersGuide() {
  return (
    <div className="page developers">
      <p className="page__note">
        L'API GraphQL de Flâneur est celle qu'utilise l'application : tout ce que vous voyez ici, vos scripts peuvent le
        faire en votre nom, avec les seules autorisations que vous leur donnez.
      </p>

      <section className="card" aria-labelledby="dev-token">
        <h2 id="dev-token" className="card__title">
          1. Créer un jeton d'accès
        </h2>
        <p>
          Connectez-vous, puis ouvrez <Link to="/profile">Profil</Link> → Paramètres → « Accès API » : donnez un nom au
          jeton, cochez les autorisations nécessaires, choisissez sa durée (1 à 365 jours, 90 par défaut) et confirmez
          avec votre mot de passe actuel. Le jeton (<code>flr_…</code>) n'est affiché qu'une fois : conservez-le comme
          un mot de passe. Vous pouvez le révoquer à tout moment ; il est refusé dès la requête suivante. Changer ou
          réinitialiser votre mot de passe révoque tous vos jetons (et arrête leurs webhooks).
        </p>
        <p>
          Envoyez-le dans l'en-tête <code>Authorization: Bearer flr_…</code> sur <code>/graphql</code> (HTTP, et
          <code> connectionParams.authorization</code> pour les abonnements websocket) comme sur <code>/api/…</code>. Un
          jeton inconnu, expiré ou révoqué reçoit 401 ; une autorisation manquante, 403 avec son nom.
        </p>
      </section>

      <section className="card" aria-labelledby="dev-scopes">
        <h2 id="dev-scopes" className="card__title">
          2. Les autorisations
        </h2>
        <dl className="developers__list">
          {ACCESS_TOKEN_SCOPES.map((scope) => (
            <div key={scope}>
              <dt>
                <code>{scope}</code>
              </dt>
              <dd>{ACCESS_TOKEN_SCOPE_LABELS[scope]}</dd>
            </div>
          ))}
        </dl>
        <p>
          Jamais avec un jeton : les documents du dossier locataire (ni les lire, ni les joindre à un message, ni les
          partager : 403), la création de jetons, le mot de passe, l'adresse e-mail, la suppression du compte et les
          sessions. Ces opérations demandent d'être connecté à Flâneur.
        </p>
      </section>

      <section className="card" aria-labelledby="dev-cost">
        <h2 id="dev-cost" className="card__title">
          3. Coût des requêtes et limites
        </h2>
        <p>
          Chaque opération a un coût calculé avant son exécution : 1 point par objet, 0 par champ simple, une liste
          compte sa taille (<code>first</code>, 100 au plus, ou la valeur par défaut de sa variable) fois le coût d'un
          élément, une mutation au moins 10 points, une introspection 1 point par Ko de réponse (une seule par requête).
          Une requête REST coûte 10 points, plus 1 point par objet de sa réponse au-delà. Après l'exécution, le coût
          réel de la réponse est compté, sur le websocket aussi (chaque événement d'un abonnement) : une réponse plus
          grande que prévu laisse le budget en négatif jusqu'à ce qu'il se recharge. Chaque jeton dispose de 1 000
          points, rechargés de 50 par seconde.
        </p>
        <p>
          La réponse indique le coût et le budget restant dans <code>extensions.cost</code> et dans les en-têtes{' '}
          <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code> et <code>X-RateLimit-Reset</code>. Budget
          épuisé : 429 (code <code>THROTTLED</code>) avec <code>Retry-After</code> en secondes.
        </p>
        <CodeBlock label="Exemple de réponse avec son coût">{COST_ANSWER}</CodeBlock>
      </section>

      <section className="card" aria-labelledby="dev-curl">
        <h2 id="dev-curl" className="card__title">
          4. Premier appel
        </h2>
        <CodeBlock label="Exemple d'appel avec curl">{CURL}</CodeBlock>
      </section>

      <section className="card" aria-labelledby="dev-webhooks">
        <h2 id="dev-webhooks" className="card__title">
          5. Webhooks
        </h2>
        <p>
          <code>createWebhook(input: {'{ url, events }'})</code> (ou <code>POST /api/webhooks</code>, autorisation{' '}
          <code>webhooks</code>) enregistre une adresse https qui recevra les événements choisis ; le secret{' '}
          <code>whsec_…</code> n'est affiché qu'une fois. Chaque événement est un POST JSON{' '}
          <code>{'{ "type", "timestamp", "data" }'}</code> signé selon Standard Webhooks (en-têtes{' '}
          <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>). Vous ne recevez que
          ce que vous pouvez voir, et chaque événement demande aussi au jeton qui enregistre le webhook l'autorisation
          de lecture indiquée (403 sinon) ; si ce jeton est révoqué ou expire, le webhook est désactivé :
        </p>
        <dl className="developers__list">
          {WEBHOOK_EVENTS.map((event) => (
            <div key={event}>
              <dt>
                <code>{event}</code>
              </dt>
              <dd>
                {EVENT_LABELS[event]} (<code>{WEBHOOK_EVENT_SCOPES[event]}</code>)
              </dd>
            </div>
          ))}
        </dl>
        <p>
          Répondez 2xx en moins de 10 secondes. Sinon l'envoi est réessayé après 5 s, 5 min, 30 min, 2 h, 5 h, 10 h et
          24 h ; une réponse 410 désactive le webhook. Les redirections ne sont pas suivies et seules les adresses
          publiques sont appelées. L'ordre d'arrivée n'est pas garanti : fiez-vous à <code>timestamp</code>.{' '}
          <code>webhookDeliveries(webhookId)</code> montre les derniers envois.
        </p>
        <CodeBlock label="Vérification de la signature d'un webhook">{VERIFY}</CodeBlock>
      </section>

      <section className="card" aria-labelledby="dev-sandbox">
        <h2 id="dev-sandbox" className="card__title">
          6. Explorer l'API
        </h2>
        <p>
          Le schéma complet et des exemples d'opérations s'ouvrent dans l'Apollo Sandbox : ajoutez votre en-tête{' '}
          <code>Authorization</code> dans l'onglet « Headers », ou restez connecté à Flâneur dans ce navigateur.
        </p>
        <a className="button button--primary" href="/graphql">
          Ouvrir l'Apollo Sandbox
        </a>
      </section>
    </div>
  );
}
