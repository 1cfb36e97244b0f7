/*
 * Writes files in Etalab's « DVF géolocalisées » layout (all its columns, in its order): the tests' in-house samples
 * and the demo data.
 */

/** The layout's columns, in order. */
export const DVF_LAYOUT_COLUMNS = [
  'id_mutation',
  'date_mutation',
  'numero_disposition',
  'nature_mutation',
  'valeur_fonciere',
  'adresse_numero',
  'adresse_suffixe',
  'adresse_nom_voie',
  'adresse_code_voie',
  'code_postal',
  'code_commune',
  'nom_commune',
  'code_departement',
  'ancien_code_commune',
  'ancien_nom_commune',
  'id_parcelle',
  'ancien_id_parcelle',
  'numero_volume',
  'lot1_numero',
  'lot1_surface_carrez',
  'lot2_numero',
  'lot2_surface_carrez',
  'lot3_numero',
  'lot3_surface_carrez',
  'lot4_numero',
  'lot4_surface_carrez',
  'lot5_numero',
  'lot5_surface_carrez',
  'nombre_lots',
  'code_type_local',
  'type_local',
  'surface_reelle_bati',
  'nombre_pieces_principales',
  'code_nature_culture',
  'nature_culture',
  'code_nature_culture_speciale',
  'nature_culture_speciale',
  'surface_terrain',
  'longitude',
  'latitude',
] as const;
export type DvfLayoutColumn = (typeof DVF_LAYOUT_COLUMNS)[number];

/** One line of a sample: any column, the others empty. */
export type DvfSampleLine = Partial<Record<DvfLayoutColumn, string | number>>;

const TYPE_CODES: Record<string, string> = { Maison: '1', Appartement: '2', Dépendance: '3' };

const cell = (v: string | number | undefined) => {
  const s = v === undefined ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** A DVF file's text: the header, then one line per lot line (code_type_local filled from type_local). */
export function dvfCsv(lines: DvfSampleLine[], columns: readonly string[] = DVF_LAYOUT_COLUMNS): string {
  const body = lines.map((l) => {
    const full: DvfSampleLine = {
      numero_disposition: '000001',
      code_type_local: l.type_local ? TYPE_CODES[String(l.type_local)] : '',
      ...l,
    };
    return columns.map((c) => cell(full[c as DvfLayoutColumn])).join(',');
  });
  return [columns.join(','), ...body].join('\n') + '\n';
}

/** A sale line of a flat with sensible defaults (one lot line; override anything). */
export function flatLine(id: string, over: DvfSampleLine = {}): DvfSampleLine {
  return {
    id_mutation: id,
    date_mutation: '2024-03-15',
    nature_mutation: 'Vente',
    valeur_fonciere: 300000,
    adresse_numero: 12,
    adresse_nom_voie: 'RUE DES ROSIERS',
    adresse_code_voie: '8326',
    code_postal: '75004',
    code_commune: '75104',
    nom_commune: 'Paris 4e Arrondissement',
    code_departement: '75',
    id_parcelle: '75104000AB0012',
    lot1_numero: '12',
    lot1_surface_carrez: 29.5,
    nombre_lots: 1,
    type_local: 'Appartement',
    surface_reelle_bati: 30,
    nombre_pieces_principales: 2,
    longitude: 2.3596,
    latitude: 48.8571,
    ...over,
  };
}
