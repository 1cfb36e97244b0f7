/**
 * What the Apollo Sandbox opens with: example operations, and how to authenticate (the guide is /developers).
 * Cookies are sent too, so a developer signed in to Flâneur in this browser can try them as is.
 */
export const SANDBOX_DOCUMENT = `# API GraphQL de Flâneur — guide : /developers
#
# S'authentifier : onglet « Headers », ajoutez
#   Authorization: Bearer flr_…
# avec un jeton créé dans Profil → Paramètres → « Accès API ».
# (Connecté à Flâneur dans ce navigateur, le cookie de session suffit.)
#
# Chaque réponse d'un jeton indique son coût dans extensions.cost.

query Annonces($first: Int = 5) {
  properties(first: $first, filter: { isRental: true }) {
    nodes { id title price city isRental }
    pageInfo { hasNextPage endCursor }
  }
}

query MonProfil {
  me { id username firstName }
}

query MesFavoris {
  favorites { property { id title price } }
}

mutation CreerUnWebhook {
  createWebhook(input: { url: "https://exemple.fr/flaneur", events: ["discovery.created", "message.created"] }) {
    secret
    webhook { id url events }
  }
}
`;

export const SANDBOX_OPTIONS = {
  footer: false,
  document: SANDBOX_DOCUMENT,
  variables: { first: 5 },
  includeCookies: true,
} as const;
