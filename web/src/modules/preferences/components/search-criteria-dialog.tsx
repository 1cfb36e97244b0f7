import {
  DEFAULT_SEARCH_FILTERS,
  DPE_RATINGS,
  FEATURE_LABELS,
  LIMITS,
  PROPERTY_TYPE_FILTERS,
  PROPERTY_TYPE_LABELS,
  SEARCH_FILTER_FEATURES,
  type PropertyTypeFilter,
  type TSearchFilters,
} from '@flaneur/schema';
import { lazy, Suspense, useState } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
import { formatNumber } from '../../../lib/format';
import { useSavePreferencesMutation } from '../hooks/use-save-preferences-mutation';
import { withStatus } from '../lib/criteria-form';
import { checkCriteria } from '../lib/parse-search-filters';
import {
  BATHROOM_CHOICES,
  BEDROOM_CHOICES,
  formatBound,
  roomLabel,
  ROOMS_MIN_CHOICES,
  STATUS_LABELS,
  zoneSummary,
} from '../lib/filter-labels';
import { ChipChoice, SegmentedChoice } from './choice-group';
import { BoundRangeField } from './bound-range-field';
import { RangeField } from './range-field';
import '../preferences.css';

interface SearchCriteriaDialogProps {
  open: boolean;
  filters: TSearchFilters;
  onClose: () => void;
}

const STATUS_OPTIONS = (['all', 'sale', 'rent'] as const).map((value) => ({ value, label: STATUS_LABELS[value] }));
const TYPE_OPTIONS = PROPERTY_TYPE_FILTERS.map((value: PropertyTypeFilter) => ({
  value,
  label: value === 'all' ? 'Tous' : PROPERTY_TYPE_LABELS[value],
}));
const BEDROOM_OPTIONS = BEDROOM_CHOICES.map((value) => ({ value: value as number, label: roomLabel(value, 5) }));
const BATHROOM_OPTIONS = BATHROOM_CHOICES.map((value) => ({ value: value as number, label: roomLabel(value, 4) }));
const ROOMS_MIN_OPTIONS = [
  { value: 'any', label: 'Indifférent' },
  ...ROOMS_MIN_CHOICES.map((n) => ({ value: String(n), label: `${n}+` })),
];
const FEATURE_OPTIONS = SEARCH_FILTER_FEATURES.map((value) => ({ value, label: FEATURE_LABELS[value] }));
// G accepts every class, as « Indifférent » does: not offered.
const ENERGY_OPTIONS = [
  { value: 'any', label: 'Indifférent' },
  ...DPE_RATINGS.slice(0, -1).map((value) => ({ value, label: value })),
];
// The drawing map brings the map library: loaded when the user asks to draw, never with the dialog.
const ZoneDrawMap = lazy(() => import('./zone-draw-map'));

/** The search-criteria editor (slider ranges in LIMITS), saved to the server and to local storage. */
export function SearchCriteriaDialog({ open, filters, onClose }: SearchCriteriaDialogProps) {
  return (
    <ModalDialog open={open} title="Critères de recherche" onClose={onClose} footer={null}>
      {open && <CriteriaEditor filters={filters} onClose={onClose} />}
    </ModalDialog>
  );
}

function CriteriaEditor({ filters, onClose }: { filters: TSearchFilters; onClose: () => void }) {
  const [form, setFormState] = useState<TSearchFilters>(filters);
  // The first rule the criteria break when saved (stale criteria, a zone the map let through): shown, never reset.
  const [error, setError] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);
  const { savePreferences, loading } = useSavePreferencesMutation();
  const setForm = (update: TSearchFilters | ((current: TSearchFilters) => TSearchFilters)) => {
    setError(null);
    setFormState(update);
  };
  const set = (patch: Partial<TSearchFilters>) => setForm((current) => ({ ...current, ...patch }));
  const priceUnit = form.propertyStatus === 'rent' ? 'Loyer' : 'Budget';
  const priceSuffix = form.propertyStatus === 'rent' ? '€/mois' : '€';
  const price = (value: number) => formatBound(value, form.propertyStatus);
  const size = (value: number) => `${formatNumber(value)} m²`;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkCriteria(form);
    if (!checked.ok) return setError(checked.message);
    if (await savePreferences(checked.filters)) onClose();
  };

  return (
    <form className="criteria-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <RangeField
        label="Rayon de découverte"
        {...LIMITS.radiusKm}
        value={form.radius}
        display={`${formatNumber(form.radius)} km`}
        onChange={(radius) => set({ radius })}
      />
      <SegmentedChoice
        legend="Statut"
        options={STATUS_OPTIONS}
        value={form.propertyStatus}
        onChange={(status) => setForm((current) => withStatus(current, status))}
      />
      <SegmentedChoice
        legend="Type de bien"
        options={TYPE_OPTIONS}
        value={form.propertyType}
        onChange={(propertyType) => set({ propertyType })}
      />
      <fieldset className="choice-group">
        <legend className="choice-group__legend">{form.propertyStatus === 'rent' ? 'Loyer mensuel' : 'Prix'}</legend>
        <BoundRangeField
          bound="priceMin"
          label="Minimum"
          inputLabel={`${priceUnit} minimum (${priceSuffix})`}
          form={form}
          format={price}
          onChange={setForm}
        />
        <BoundRangeField
          bound="priceMax"
          label="Maximum"
          inputLabel={`${priceUnit} maximum (${priceSuffix})`}
          form={form}
          format={price}
          onChange={setForm}
        />
      </fieldset>
      <fieldset className="choice-group">
        <legend className="choice-group__legend">Surface</legend>
        <BoundRangeField
          bound="sizeMin"
          label="Surface minimum"
          inputLabel="Surface minimum (m²)"
          form={form}
          format={size}
          onChange={setForm}
        />
        <BoundRangeField
          bound="sizeMax"
          label="Surface maximum"
          inputLabel="Surface maximum (m²)"
          form={form}
          format={size}
          onChange={setForm}
        />
      </fieldset>
      <ChipChoice
        legend="Chambres"
        options={BEDROOM_OPTIONS}
        values={form.bedrooms}
        onChange={(bedrooms) => set({ bedrooms })}
      />
      <SegmentedChoice
        legend="Pièces min."
        options={ROOMS_MIN_OPTIONS}
        value={form.roomsMin === null ? 'any' : String(form.roomsMin)}
        onChange={(value) => set({ roomsMin: value === 'any' ? null : Number(value) })}
      />
      <ChipChoice
        legend="Salles de bain"
        options={BATHROOM_OPTIONS}
        values={form.bathrooms}
        onChange={(bathrooms) => set({ bathrooms })}
      />
      <ChipChoice
        legend="Équipements"
        options={FEATURE_OPTIONS}
        values={form.features}
        onChange={(features) => set({ features })}
      />
      <SegmentedChoice
        legend="Classe énergie (DPE) maximale"
        options={ENERGY_OPTIONS}
        value={form.energyMax ?? 'any'}
        onChange={(value) => set({ energyMax: value === 'any' ? null : (value as TSearchFilters['energyMax']) })}
      />
      <fieldset className="choice-group">
        <legend className="choice-group__legend">Zone</legend>
        <p className="criteria-form__zone">{zoneSummary(form.zone) ?? 'Aucune zone dessinée : tout le rayon compte'}</p>
        {drawing ? (
          <Suspense fallback={<p role="status">Chargement de la carte…</p>}>
            <ZoneDrawMap zone={form.zone} onChange={(zone) => set({ zone })} />
          </Suspense>
        ) : (
          <div className="criteria-form__zone-actions">
            <button type="button" className="button button--secondary button--small" onClick={() => setDrawing(true)}>
              {form.zone ? 'Redessiner sur la carte' : 'Dessiner sur la carte'}
            </button>
            {form.zone && (
              <button type="button" className="button button--link button--small" onClick={() => set({ zone: null })}>
                Effacer la zone
              </button>
            )}
          </div>
        )}
      </fieldset>
      {error && (
        <p className="criteria-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="criteria-form__actions">
        <button type="button" className="button button--link" onClick={() => setForm(DEFAULT_SEARCH_FILTERS)}>
          Réinitialiser
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Annuler
        </button>
        <button type="submit" className="button button--primary" disabled={loading}>
          {loading ? 'Enregistrement...' : 'Enregistrer'}
        </button>
      </div>
    </form>
  );
}
