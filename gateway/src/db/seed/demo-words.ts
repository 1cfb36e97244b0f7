import type { Feature } from '@flaneur/schema';

/**
 * Static tables for the demo listings: places, streets and French words.
 * Kept apart from the generator so the logic stays readable; nothing here is fetched (no network at seed time).
 */

/** A place a listing can belong to: a Paris arrondissement or a bordering town. */
export interface DemoPlace {
  postalCode: string;
  city: string;
  /** Approximate centre of the built-up area (not the geometric centroid, which the woods would drag away). */
  lat: number;
  lon: number;
  /** Average sale price in €/m² for an apartment, 2026-ish. */
  pricePerM2: number;
  /** A few real streets of that place. */
  streets: readonly string[];
  /** Neighbourhood phrases that read well after a noun ("… au cœur du Marais"). */
  spots: readonly string[];
}

/** The twenty arrondissements, centres placed on their residential core. */
export const ARRONDISSEMENTS: readonly DemoPlace[] = [
  { postalCode: '75001', city: 'Paris', lat: 48.8625, lon: 2.3364, pricePerM2: 13_000, streets: ['rue Saint-Honoré', 'rue de Rivoli', "rue de l'Arbre-Sec", 'rue du Louvre', 'rue Jean-Jacques-Rousseau'], spots: ['à deux pas du Louvre', 'près du jardin des Tuileries', 'près des Halles'] },
  { postalCode: '75002', city: 'Paris', lat: 48.8683, lon: 2.3428, pricePerM2: 12_000, streets: ['rue Montorgueil', 'rue du Sentier', 'rue Réaumur', 'rue de Cléry', "rue d'Aboukir"], spots: ['quartier Montorgueil', 'près de la Bourse', 'dans le Sentier'] },
  { postalCode: '75003', city: 'Paris', lat: 48.863, lon: 2.36, pricePerM2: 12_800, streets: ['rue de Bretagne', 'rue des Archives', 'rue de Turenne', 'rue Charlot', 'rue du Temple'], spots: ['au cœur du Haut-Marais', 'près du square du Temple', 'dans le Marais'] },
  { postalCode: '75004', city: 'Paris', lat: 48.8543, lon: 2.3576, pricePerM2: 13_500, streets: ['rue des Rosiers', 'rue Saint-Antoine', 'rue des Francs-Bourgeois', 'rue de la Verrerie', 'quai de Bourbon'], spots: ['dans le Marais', 'près de la place des Vosges', "sur l'île Saint-Louis"] },
  { postalCode: '75005', city: 'Paris', lat: 48.8445, lon: 2.3507, pricePerM2: 12_800, streets: ['rue Mouffetard', 'rue Monge', 'rue des Écoles', 'rue Gay-Lussac', 'rue Descartes'], spots: ['au Quartier latin', 'près du Panthéon', 'près du Jardin des Plantes'] },
  { postalCode: '75006', city: 'Paris', lat: 48.8491, lon: 2.3329, pricePerM2: 14_000, streets: ['rue du Cherche-Midi', 'rue de Rennes', 'rue Bonaparte', 'rue de Seine', "rue d'Assas"], spots: ['à Saint-Germain-des-Prés', 'près du jardin du Luxembourg', "près de l'Odéon"] },
  { postalCode: '75007', city: 'Paris', lat: 48.8562, lon: 2.3122, pricePerM2: 14_000, streets: ['rue de Grenelle', 'rue Cler', 'rue du Bac', 'rue de Varenne', 'avenue Bosquet'], spots: ['près du Champ-de-Mars', 'à deux pas des Invalides', 'quartier du Gros-Caillou'] },
  { postalCode: '75008', city: 'Paris', lat: 48.8727, lon: 2.3125, pricePerM2: 12_500, streets: ['rue de Miromesnil', 'boulevard Haussmann', 'rue de Courcelles', 'rue La Boétie', 'rue du Faubourg-Saint-Honoré'], spots: ['près du parc Monceau', 'près de la Madeleine', "quartier de l'Europe"] },
  { postalCode: '75009', city: 'Paris', lat: 48.877, lon: 2.3375, pricePerM2: 11_500, streets: ['rue des Martyrs', 'rue Lamartine', 'rue Condorcet', 'rue Saint-Lazare', 'rue de Rochechouart'], spots: ['quartier Saint-Georges', 'près de la rue des Martyrs', 'près des Grands Boulevards'] },
  { postalCode: '75010', city: 'Paris', lat: 48.8761, lon: 2.3607, pricePerM2: 10_300, streets: ['rue du Faubourg-Saint-Denis', 'rue de Paradis', 'quai de Valmy', 'rue de Lancry', 'rue des Vinaigriers'], spots: ['près du canal Saint-Martin', "près de la gare de l'Est", "quartier Château-d'Eau"] },
  { postalCode: '75011', city: 'Paris', lat: 48.8591, lon: 2.38, pricePerM2: 10_700, streets: ['rue de Charonne', 'rue Oberkampf', 'rue de la Roquette', 'boulevard Voltaire', 'rue Saint-Maur'], spots: ['près de la Bastille', 'quartier Oberkampf', "près du marché d'Aligre"] },
  { postalCode: '75012', city: 'Paris', lat: 48.8405, lon: 2.388, pricePerM2: 10_200, streets: ['avenue Daumesnil', 'rue de Charenton', 'boulevard de Reuilly', 'rue de Picpus', 'rue de Bercy'], spots: ['près de la Coulée verte', 'près du parc de Bercy', 'près de la gare de Lyon'] },
  { postalCode: '75013', city: 'Paris', lat: 48.8283, lon: 2.3623, pricePerM2: 9_600, streets: ['rue de Tolbiac', "avenue d'Italie", 'rue de la Butte-aux-Cailles', 'boulevard Auguste-Blanqui', 'rue du Chevaleret'], spots: ['à la Butte-aux-Cailles', "près de la place d'Italie", 'quartier de la Bibliothèque'] },
  { postalCode: '75014', city: 'Paris', lat: 48.8292, lon: 2.3265, pricePerM2: 10_600, streets: ['rue Daguerre', 'avenue du Maine', "rue d'Alésia", 'rue Raymond-Losserand', 'rue Didot'], spots: ['quartier Montparnasse', 'près du parc Montsouris', 'quartier Pernety'] },
  { postalCode: '75015', city: 'Paris', lat: 48.8401, lon: 2.2933, pricePerM2: 10_500, streets: ['rue du Commerce', 'rue de la Convention', 'rue Lecourbe', 'rue Cambronne', 'rue Saint-Charles'], spots: ['quartier du Commerce', 'près du parc Georges-Brassens', 'près du métro Vaugirard'] },
  { postalCode: '75016', city: 'Paris', lat: 48.857, lon: 2.279, pricePerM2: 11_800, streets: ['rue de Passy', 'avenue Mozart', 'rue de la Pompe', "rue d'Auteuil", 'avenue Victor-Hugo'], spots: ['à Passy', 'près du Trocadéro', 'au calme à Auteuil'] },
  { postalCode: '75017', city: 'Paris', lat: 48.8874, lon: 2.3067, pricePerM2: 11_000, streets: ['rue de Lévis', 'avenue de Villiers', 'rue des Batignolles', 'rue Legendre', 'rue Cardinet'], spots: ['aux Batignolles', 'près du parc Martin-Luther-King', 'près de la place de Clichy'] },
  { postalCode: '75018', city: 'Paris', lat: 48.8925, lon: 2.3484, pricePerM2: 9_700, streets: ['rue Lepic', 'rue Caulaincourt', 'rue Ordener', 'rue Custine', 'rue Marcadet'], spots: ['à Montmartre', 'près des Abbesses', 'au pied de la Butte'] },
  { postalCode: '75019', city: 'Paris', lat: 48.8871, lon: 2.3848, pricePerM2: 9_100, streets: ['avenue Secrétan', 'rue de Crimée', 'avenue Simon-Bolivar', 'quai de la Loire', 'rue de Meaux'], spots: ['près des Buttes-Chaumont', 'au bord du bassin de la Villette', 'quartier Jourdain'] },
  { postalCode: '75020', city: 'Paris', lat: 48.8634, lon: 2.4011, pricePerM2: 9_200, streets: ['rue des Pyrénées', 'rue de Ménilmontant', 'rue de Bagnolet', 'avenue Gambetta', 'rue du Jourdain'], spots: ['à Belleville', 'près du Père-Lachaise', 'quartier Saint-Blaise'] },
];

/**
 * Bordering towns that a 5 km disc around central Paris actually reaches (east, north-east and south).
 * Western towns (Boulogne, Neuilly, Levallois, Issy, Clichy) lie beyond 5 km, so they are not listed.
 */
export const SUBURBS: readonly DemoPlace[] = [
  { postalCode: '93100', city: 'Montreuil', lat: 48.8605, lon: 2.4365, pricePerM2: 9_000, streets: ['rue de Paris', 'boulevard Rouget-de-Lisle', 'rue Robespierre', 'rue du Capitaine-Dreyfus'], spots: ['à deux pas de Paris', 'près du métro Croix-de-Chavaux'] },
  { postalCode: '94300', city: 'Vincennes', lat: 48.8474, lon: 2.4342, pricePerM2: 10_500, streets: ['rue de Fontenay', 'avenue de Paris', 'rue du Midi', 'rue Raymond-du-Temple'], spots: ['près du bois de Vincennes', 'près du château de Vincennes'] },
  { postalCode: '94160', city: 'Saint-Mandé', lat: 48.8424, lon: 2.4185, pricePerM2: 10_500, streets: ['avenue du Général-de-Gaulle', 'rue de la République', "chaussée de l'Étang"], spots: ['en lisière du bois de Vincennes', 'à deux pas de Paris'] },
  { postalCode: '93170', city: 'Bagnolet', lat: 48.8693, lon: 2.4183, pricePerM2: 9_000, streets: ['rue Sadi-Carnot', 'avenue Gambetta', 'rue Robespierre'], spots: ['à deux pas de Paris', 'près du métro Gallieni'] },
  { postalCode: '93260', city: 'Les Lilas', lat: 48.88, lon: 2.4167, pricePerM2: 9_200, streets: ['rue de Paris', 'boulevard de la Liberté', 'rue Romain-Rolland'], spots: ['près de la mairie des Lilas', 'à deux pas de Paris'] },
  { postalCode: '93310', city: 'Le Pré-Saint-Gervais', lat: 48.885, lon: 2.4046, pricePerM2: 9_000, streets: ['rue André-Joineau', 'avenue Jean-Jaurès', 'rue Danton'], spots: ['près de la porte des Lilas', 'à deux pas de Paris'] },
  { postalCode: '93500', city: 'Pantin', lat: 48.8944, lon: 2.4093, pricePerM2: 9_000, streets: ['avenue Jean-Lolive', 'rue Hoche', "quai de l'Aisne"], spots: ["au bord du canal de l'Ourcq", 'près du métro Église de Pantin'] },
  { postalCode: '93300', city: 'Aubervilliers', lat: 48.9035, lon: 2.3837, pricePerM2: 9_000, streets: ['avenue Jean-Jaurès', 'rue du Moutier', 'rue de la Commune-de-Paris'], spots: ['près du canal Saint-Denis', 'à deux pas de Paris'] },
  { postalCode: '93400', city: 'Saint-Ouen-sur-Seine', lat: 48.9044, lon: 2.3335, pricePerM2: 9_500, streets: ['avenue Gabriel-Péri', 'rue des Rosiers', 'boulevard Victor-Hugo'], spots: ['près des Puces', 'à deux pas de Paris'] },
  { postalCode: '94200', city: 'Ivry-sur-Seine', lat: 48.8155, lon: 2.3849, pricePerM2: 9_000, streets: ['avenue Maurice-Thorez', 'rue Jean-Jacques-Rousseau', 'boulevard Paul-Vaillant-Couturier'], spots: ["près du métro Porte d'Ivry", 'à deux pas de Paris'] },
  { postalCode: '94270', city: 'Le Kremlin-Bicêtre', lat: 48.8103, lon: 2.3591, pricePerM2: 9_000, streets: ['avenue de Fontainebleau', 'rue Danton', 'avenue Eugène-Thomas'], spots: ['à deux pas de Paris', 'près du métro Le Kremlin-Bicêtre'] },
  { postalCode: '94250', city: 'Gentilly', lat: 48.8139, lon: 2.3438, pricePerM2: 9_000, streets: ['rue Frileuse', 'avenue Raspail', 'rue Charles-Frérot'], spots: ['près du parc Montsouris', 'à deux pas de Paris'] },
  { postalCode: '94220', city: 'Charenton-le-Pont', lat: 48.8219, lon: 2.4125, pricePerM2: 9_800, streets: ['rue de Paris', 'avenue de la Liberté', 'rue du Général-Leclerc'], spots: ['près du bois de Vincennes', 'à deux pas de Paris'] },
  { postalCode: '92120', city: 'Montrouge', lat: 48.8165, lon: 2.3166, pricePerM2: 10_000, streets: ['avenue de la République', 'rue Gabriel-Péri', 'avenue Verdier'], spots: ['près du métro Mairie de Montrouge', 'à deux pas de Paris'] },
];

/**
 * Rough outline of Paris proper along the boulevard périphérique, as [lat, lon] from the north, clockwise.
 * Only used to tell Paris from its neighbours; a few hundred metres of error are fine.
 */
export const PARIS_OUTLINE: readonly (readonly [number, number])[] = [
  [48.899, 2.359], [48.8985, 2.37], [48.8975, 2.386], [48.888, 2.393], [48.8775, 2.4065], [48.8645, 2.4095],
  [48.8535, 2.411], [48.847, 2.411], [48.8355, 2.406], [48.828, 2.399], [48.825, 2.388], [48.8215, 2.3695],
  [48.819, 2.3595], [48.8165, 2.344], [48.8215, 2.3255], [48.8275, 2.305], [48.832, 2.287], [48.83, 2.273],
  [48.8375, 2.2575], [48.848, 2.256], [48.8605, 2.269], [48.8712, 2.2775], [48.878, 2.283], [48.8857, 2.2925],
  [48.8895, 2.301], [48.8945, 2.3135], [48.8975, 2.329], [48.8995, 2.3445],
];

/** Adjectives as [masculine, feminine]: "appartement" is masculine, "maison" and "villa" feminine. */
export const ADJECTIVES: readonly (readonly [string, string])[] = [
  ['lumineux', 'lumineuse'], ['spacieux', 'spacieuse'], ['charmant', 'charmante'], ['calme', 'calme'],
  ['rénové', 'rénovée'], ['familial', 'familiale'], ['élégant', 'élégante'], ['coquet', 'coquette'],
  ['traversant', 'traversante'], ['ensoleillé', 'ensoleillée'],
];

/** Apartment-only flavours ("Appartement haussmannien …"). */
export const BUILDING_STYLES = ['haussmannien', 'ancien', 'de standing', 'années 30', 'contemporain', 'en pierre de taille'] as const;

export const FIRST_NAMES = [
  'Camille', 'Léa', 'Manon', 'Chloé', 'Inès', 'Sarah', 'Juliette', 'Louise', 'Claire', 'Élodie', 'Margaux', 'Amélie',
  'Hélène', 'Sophie', 'Nathalie', 'Isabelle', 'Lucas', 'Hugo', 'Louis', 'Thomas', 'Nicolas', 'Antoine', 'Julien',
  'Maxime', 'Mathieu', 'Olivier', 'François', 'Stéphane', 'Jérôme', 'Benoît', 'Rémi', 'Théo', 'Jean-Marc', 'Anne-Sophie',
] as const;

export const LAST_NAMES = [
  'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent',
  'Lefèvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier', 'Morel', 'Girard', 'André', 'Mercier',
  'Dupont', 'Lambert', 'Bonnet', 'François', 'Martinez', 'Legrand', 'Garnier', 'Faure', 'Rousseau', 'Blanc', 'Guérin',
  'Muller', 'Henry', 'Roussel', 'Nicolas', 'Perrin', 'Morin', 'Mathieu', 'Clément', 'Gauthier', 'Dumont', 'Lopez',
  'Fontaine', 'Chevalier', 'Robin', 'Masson', 'Benoît', 'Barbier', 'Chauvin', 'Lemaire', 'Renard', 'Dufour',
] as const;

/** "… avec balcon": the one feature a title may boast about. */
export const WITH_FEATURE: Partial<Record<Feature, string>> = {
  pool: 'avec piscine', garden: 'avec jardin', terrace: 'avec terrasse', balcony: 'avec balcon', elevator: 'avec ascenseur',
  parking: 'avec parking', garage: 'avec garage', fireplace: 'avec cheminée', cellar: 'avec cave',
};

/** Features with their definite article, for "Vous apprécierez le balcon, la cave et …". */
export const FEATURE_WITH_ARTICLE: Record<Feature, string> = {
  elevator: "l'ascenseur", balcony: 'le balcon', cellar: 'la cave', double_glazing: 'le double vitrage',
  central_heating: 'le chauffage central', equipped_kitchen: 'la cuisine équipée', parking: 'la place de parking',
  garden: 'le jardin', terrace: 'la terrasse', garage: 'le garage', intercom: "l'interphone", fireplace: 'la cheminée',
  pool: 'la piscine',
};

export const NEIGHBOURHOOD_SENTENCES = [
  "Le quartier, animé et commerçant, offre toutes les commodités : commerces, écoles et transports à proximité.",
  'Le quartier, calme et résidentiel, reste à quelques minutes du métro.',
  'Nombreux commerces, restaurants et espaces verts à quelques minutes à pied.',
  'Marché, boulangeries et écoles au pied de la rue ; plusieurs lignes de métro à proximité.',
] as const;
