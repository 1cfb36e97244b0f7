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
import {
  sizeSliderValue,
  toCriteriaForm,
  withBound,
  withBoundWhileTyping,
  withPriceMax,
  withPriceMin,
  withSizeMax,
  withSizeMin,
  withStatus,
  type BoundKey,
  type CriteriaForm,
} from '../lib/criteria-form';
import { toSearchFilters } from '../lib/parse-search-filters';
import {
  BATHROOM_CHOICES,
  BEDROOM_CHOICES,
  formatBound,
  priceRange,
  roomLabel,
  ROOMS_MIN_CHOICES,
  STATUS_LABELS,
  zoneSummary,
} from '../lib/filter-labels';
import { ChipChoice, SegmentedChoice } from './choice-group';
import { BoundInput, RangeField } from './range-field';
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
  const [form, setForm] = useState<CriteriaForm>(() => toCriteriaForm(filters));
  const [drawing, setDrawing] = useState(false);
  const { savePreferences, loading } = useSavePreferencesMutation();
  const range = priceRange(form.propertyStatus);
  const set = (patch: Partial<CriteriaForm>) => setForm((current) => ({ ...current, ...patch }));
  const typeBound = (key: BoundKey) => (value: number | null, settled: boolean) =>
    setForm((current) => (settled ? withBound : withBoundWhileTyping)(current, key, value));
  const priceUnit = form.propertyStatus === 'rent' ? 'Loyer' : 'Budget';
  const priceSuffix = form.propertyStatus === 'rent' ? '€/mois' : '€';

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await savePreferences(toSearchFilters(form))) onClose();
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
        <RangeField
          label="Minimum"
          {...range}
          value={form.priceMin ?? range.min}
          display={form.priceMin === null ? 'Sans minimum' : formatBound(form.priceMin, form.propertyStatus)}
          onChange={(value) => setForm((current) => withPriceMin(current, value))}
        >
          <BoundInput
            label={`${priceUnit} minimum (${priceSuffix})`}
            {...range}
            value={form.priceMin}
            placeholder="Sans minimum"
            onChange={typeBound('priceMin')}
          />
        </RangeField>
        <RangeField
          label="Maximum"
          {...range}
          value={form.priceMax ?? range.max}
          display={form.priceMax === null ? 'Sans maximum' : formatBound(form.priceMax, form.propertyStatus)}
          onChange={(value) => setForm((current) => withPriceMax(current, value))}
        >
          <BoundInput
            label={`${priceUnit} maximum (${priceSuffix})`}
            {...range}
            value={form.priceMax}
            placeholder="Sans maximum"
            onChange={typeBound('priceMax')}
          />
        </RangeField>
      </fieldset>
      <fieldset className="choice-group">
        <legend className="choice-group__legend">Surface</legend>
        <RangeField
          label="Surface minimum"
          min={LIMITS.sizeMin.min}
          max={LIMITS.sizeMin.max}
          step={LIMITS.sizeMin.step}
          value={sizeSliderValue(form, 'sizeMin')}
          display={form.sizeMin === null ? 'Sans minimum' : `${formatNumber(form.sizeMin)} m²`}
          onChange={(value) => setForm((current) => withSizeMin(current, value))}
        >
          <BoundInput
            label="Surface minimum (m²)"
            min={LIMITS.sizeMin.min}
            max={LIMITS.sizeMin.max}
            step={LIMITS.sizeMin.step}
            value={form.sizeMin}
            placeholder="Sans minimum"
            onChange={typeBound('sizeMin')}
          />
        </RangeField>
        <RangeField
          label="Surface maximum"
          min={LIMITS.sizeMax.min}
          max={LIMITS.sizeMax.max}
          step={LIMITS.sizeMax.step}
          value={sizeSliderValue(form, 'sizeMax')}
          display={form.sizeMax === null ? 'Sans maximum' : `${formatNumber(form.sizeMax)} m²`}
          onChange={(value) => setForm((current) => withSizeMax(current, value))}
        >
          <BoundInput
            label="Surface maximum (m²)"
            min={LIMITS.sizeMax.min}
            max={LIMITS.sizeMax.max}
            step={LIMITS.sizeMax.step}
            value={form.sizeMax}
            placeholder="Sans maximum"
            onChange={typeBound('sizeMax')}
          />
        </RangeField>
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
        onChange={(value) => set({ energyMax: value === 'any' ? null : (value as CriteriaForm['energyMax']) })}
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
      <div className="criteria-form__actions">
        <button
          type="button"
          className="button button--link"
          onClick={() => setForm(toCriteriaForm(DEFAULT_SEARCH_FILTERS))}
        >
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
