import { FEED_MSG, feedText, type Feature, type PropertyType } from '@flaneur/schema';
import { POLIRIS_FIELDS, POLIRIS_PHOTO_POSITIONS, type PolirisField } from './poliris-fields';

/** A problem of one line: the Poliris field (name and position) and the French reason. */
export interface LineIssue {
  field: string | null;
  message: string;
}

/** A line read into the listing form's input (before validation), with its photo names and its negotiator. */
export interface MappedLine {
  reference: string;
  input: Record<string, unknown>;
  photos: string[];
  negotiator: { name: string; email: string; phone: string };
  /** No coordinates in the line: the caller geocodes `${address}, ${postalCode} ${city}`. */
  needsPlace: boolean;
}

/** The report's name of a Poliris field: « prix (11) ». */
export const fieldLabel = (f: PolirisField) => `${f} (${POLIRIS_FIELDS[f]})`;

/** Our listing keys → the Poliris field they are read from (for the report of a validation message). */
export const SOURCE_FIELD: Record<string, PolirisField> = {
  title: 'title',
  description: 'description',
  price: 'price',
  isRental: 'transaction',
  size: 'surface',
  rooms: 'rooms',
  bedrooms: 'bedrooms',
  bathrooms: 'bathrooms',
  floor: 'floor',
  address: 'address',
  city: 'city',
  postalCode: 'postalCode',
  latitude: 'latitude',
  longitude: 'longitude',
  type: 'propertyType',
  dpeRating: 'dpeClass',
  gesRating: 'gesClass',
  energyCostMin: 'energyCostMin',
  energyCostMax: 'energyCostMax',
  energyPricesYear: 'energyPricesYear',
  charges: 'charges',
  chargesMode: 'chargesMode',
  deposit: 'deposit',
  furnished: 'furnished',
  baseRent: 'baseRent',
  referenceRentMajored: 'referenceRentMajored',
  rentSupplement: 'rentSupplement',
  tenantFees: 'fees',
  inventoryFees: 'inventoryFees',
  coOwnership: 'coOwnership',
  feesPaidBy: 'buyerPaysFees',
  buyerFeesPercent: 'buyerFeesPercent',
  ownerName: 'negotiatorName',
  ownerEmail: 'negotiatorEmail',
  ownerPhone: 'negotiatorPhone',
};

/** Property types as documented codes (1 apartment, 2 house) or as the words agency software writes. */
function propertyTypeOf(raw: string): PropertyType | null {
  const v = raw.trim().toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  if (v === '1' || /^(appartement|appart|studio|loft|duplex|triplex|chambre)/.test(v)) return 'apartment';
  if (v === 'villa' || v.startsWith('villa')) return 'villa';
  if (v === '2' || /^(maison|pavillon|longere|chalet|mas|ferme|propriete|demeure)/.test(v)) return 'house';
  return null;
}

/** A number as agency software writes it ("1 234,50", "1234.5"); "" is null; anything else NaN. */
export function polirisNumber(raw: string): number | null {
  const v = raw.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (v === '') return null;
  return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : NaN;
}

const yes = (raw: string) => /^(oui|o|1|true|vrai|yes)$/i.test(raw.trim());
const no = (raw: string) => /^(non|n|0|false|faux|no)$/i.test(raw.trim());
const energyClass = (raw: string) => (/^[A-G]$/i.test(raw.trim()) ? raw.trim().toUpperCase() : null);

/**
 * Maps the fields of one line to the listing form's input (what ZProperty validates) and its photo names; a line
 * whose transaction, type or a number cannot be read answers its issue instead (the line is refused).
 */
export function mapPolirisLine(fields: string[]): MappedLine | LineIssue {
  const get = (f: PolirisField) => (fields[POLIRIS_FIELDS[f] - 1] ?? '').trim();
  const numbers: Partial<Record<PolirisField, number | null>> = {};
  const num = (f: PolirisField): number | null | LineIssue => {
    const n = polirisNumber(get(f));
    if (Number.isNaN(n))
      return { field: fieldLabel(f), message: feedText(FEED_MSG.notNumeric, { value: get(f).slice(0, 40) }) };
    numbers[f] = n;
    return n;
  };
  const numeric: PolirisField[] = [
    'price',
    'rentWithCharges',
    'fees',
    'surface',
    'rooms',
    'bedrooms',
    'charges',
    'bathrooms',
    'showerRooms',
    'balconies',
    'parkings',
    'deposit',
    'buyerFeesPercent',
    'coOwnershipLots',
    'coOwnershipAnnualCharges',
    'latitude',
    'longitude',
    'rentSupplement',
    'inventoryFees',
    'energyCostMin',
    'energyCostMax',
    'energyPricesYear',
    'baseRent',
    'referenceRentMajored',
  ];
  for (const f of numeric) {
    const r = num(f);
    if (r !== null && typeof r === 'object') return r;
  }
  const n = (f: PolirisField) => numbers[f] ?? null;

  const transaction = get('transaction').toLowerCase();
  const isRental = transaction === 'location' ? true : transaction === 'vente' ? false : null;
  if (isRental === null)
    return {
      field: fieldLabel('transaction'),
      message: feedText(FEED_MSG.transactionUnknown, { value: get('transaction') }),
    };
  const type = propertyTypeOf(get('propertyType'));
  if (!type)
    return {
      field: fieldLabel('propertyType'),
      message: feedText(FEED_MSG.typeUnknown, { value: get('propertyType') }),
    };

  const price = isRental ? (n('rentWithCharges') ?? n('price')) : n('price');
  const rooms = n('rooms');
  const bedrooms = n('bedrooms') ?? (rooms !== null ? Math.max(rooms - 1, 0) : null);
  const floorN = polirisNumber(get('floor'));
  const floor =
    type !== 'apartment' || get('floor') === ''
      ? null
      : floorN === 0
        ? 'RDC'
        : floorN === 1
          ? '1er'
          : floorN !== null && !Number.isNaN(floorN)
            ? `${floorN}ème`
            : get('floor').slice(0, 30);
  const features: Feature[] = [];
  if ((n('balconies') ?? 0) > 0) features.push('balcony');
  if (yes(get('cellar'))) features.push('cellar');
  if ((n('parkings') ?? 0) > 0) features.push('parking');
  if (yes(get('terrace'))) features.push('terrace');
  const coOwned = yes(get('coOwnership'));
  const chargesMode = get('chargesMode').toLowerCase();
  const lat = n('latitude');
  const lng = n('longitude');
  const placed = lat !== null && lng !== null && !(lat === 0 && lng === 0);
  const kind = { apartment: 'Appartement', house: 'Maison', villa: 'Villa' }[type];
  const size = n('surface');
  const title =
    get('title') ||
    [kind, rooms ? `${rooms} pièces` : null, size ? `${size} m²` : null, get('city')].filter(Boolean).join(' ');

  const input: Record<string, unknown> = {
    title: title.slice(0, 200),
    description: (get('description') || title).slice(0, 5000),
    price,
    isRental,
    size,
    rooms: rooms ?? undefined,
    bedrooms: bedrooms ?? undefined,
    bathrooms: (n('bathrooms') ?? 0) + (n('showerRooms') ?? 0) || 1,
    floor,
    address: get('address'),
    city: get('city'),
    postalCode: get('postalCode'),
    latitude: placed ? lat : undefined,
    longitude: placed ? lng : undefined,
    type,
    dpeRating: energyClass(get('dpeClass')),
    gesRating: energyClass(get('gesClass')),
    energyCostMin: n('energyCostMin'),
    energyCostMax: n('energyCostMax'),
    energyPricesYear: n('energyPricesYear'),
    advertiser: 'professional',
    features,
  };
  if (isRental) {
    Object.assign(input, {
      charges: n('charges'),
      chargesMode: chargesMode.startsWith('forfait')
        ? 'forfait'
        : chargesMode.startsWith('provision')
          ? 'provision'
          : null,
      deposit: n('deposit'),
      furnished: yes(get('furnished')) ? true : no(get('furnished')) ? false : null,
      baseRent: n('baseRent'),
      referenceRentMajored: n('referenceRentMajored'),
      rentSupplement: n('rentSupplement'),
      tenantFees: n('fees'),
      inventoryFees: n('inventoryFees'),
    });
  } else {
    const buyer = yes(get('buyerPaysFees'));
    Object.assign(input, {
      feesPaidBy: buyer ? 'buyer' : no(get('buyerPaysFees')) || get('buyerPaysFees') === '' ? 'seller' : null,
      buyerFeesPercent: buyer ? n('buyerFeesPercent') : null,
      coOwnership: coOwned
        ? {
            lots: n('coOwnershipLots'),
            annualCharges: n('coOwnershipAnnualCharges'),
            proceedings: yes(get('coOwnershipProceedings')),
          }
        : null,
    });
  }
  const photos = POLIRIS_PHOTO_POSITIONS.map((pos) => (fields[pos - 1] ?? '').trim()).filter(Boolean);
  return {
    reference: get('reference'),
    input,
    photos,
    negotiator: { name: get('negotiatorName'), email: get('negotiatorEmail'), phone: get('negotiatorPhone') },
    needsPlace: !placed,
  };
}
