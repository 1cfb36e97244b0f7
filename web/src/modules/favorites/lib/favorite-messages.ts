/** The favourites toasts and texts, word for word. */
export const FAVORITE_MESSAGES = {
  signedOut: { title: 'Authentification requise', description: 'Veuillez vous connecter pour ajouter des favoris' },
  added: { title: 'Ajouté aux favoris', description: 'La propriété a été ajoutée à vos favoris' },
  removed: { title: 'Retiré des favoris', description: 'La propriété a été retirée de vos favoris' },
  failed: { title: 'Erreur', description: 'Une erreur est survenue lors de la modification des favoris' },
  loadFailed: "Une erreur s'est produite lors du chargement des favoris.",
} as const;
