import { MSG, type TProperty, type TPropertyParsed } from '@flaneur/schema';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { useGeocode, type GeocodedAddress } from '../../geocoding/hooks/use-geocode';
import { LazyPlacementMap } from '../../map/components/lazy-maps';
import type { PositionState } from '../hooks/use-current-position';
import '../listing-placement.css';

type Form = UseFormReturn<TProperty, unknown, TPropertyParsed>;

interface ListingPlacementProps {
  form: Form;
  /** The one-shot device position (prefills a new listing). */
  position: PositionState;
  onUseMyPosition: () => void;
  /** The owner put the pin somewhere (found address, chosen suggestion, map, typed coordinates). */
  onPlaced: () => void;
  /** Said beside the map when publishing finds the listing never placed by its owner. */
  notPlacedError?: string;
}

/** The point of the form's coordinates, or null while they are not a position. */
function pointOf(latitude: unknown, longitude: unknown) {
  const lat = typeof latitude === 'string' && latitude.trim() !== '' ? Number(latitude) : Number.NaN;
  const lng = typeof longitude === 'string' && longitude.trim() !== '' ? Number(longitude) : Number.NaN;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { latitude: lat, longitude: lng };
}

/** The street part of a label "8 Boulevard du Port 80000 Amiens". */
function streetOf(address: GeocodedAddress): string {
  const tail = [address.postcode, address.city].filter(Boolean).join(' ');
  return tail && address.label.endsWith(` ${tail}`) ? address.label.slice(0, -tail.length - 1) : address.label;
}

type Lookup =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'found'; addresses: GeocodedAddress[]; chosen: number }
  | { status: 'error'; message: string };

/**
 * Where the listing is (publishing needs the owner to have placed it: the position prefilled from the device may be
 * anywhere but at the listing): the address looked up through the gateway (« Trouver l'adresse »: the best match places the
 * pin, another suggestion can be chosen), a small map whose pin the owner drags or taps into place, the current
 * position, and the coordinates themselves under « Coordonnées (avancé) ».
 */
export function ListingPlacement({ form, position, onUseMyPosition, onPlaced, notPlacedError }: ListingPlacementProps) {
  const { register, watch, getValues, setValue, formState } = form;
  const { errors } = formState;
  const geocode = useGeocode();
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const point = pointOf(watch('latitude'), watch('longitude'));
  const num = { inputMode: 'decimal' as const, type: 'number', step: 'any' };

  const place = (p: { latitude: number; longitude: number }) => {
    setValue('latitude', String(p.latitude), { shouldValidate: true, shouldDirty: true });
    setValue('longitude', String(p.longitude), { shouldValidate: true, shouldDirty: true });
    onPlaced();
  };

  const findAddress = async () => {
    const [address, postalCode, city] = [getValues('address'), getValues('postalCode'), getValues('city')];
    const query = [address, [postalCode, city].filter(Boolean).join(' ')]
      .map((part) => (part ?? '').trim())
      .filter(Boolean)
      .join(', ');
    if ([...query].length < 3) return setLookup({ status: 'error', message: MSG.geocodeQueryTooShort });
    setLookup({ status: 'searching' });
    const outcome = await geocode(query);
    if (!outcome.ok) return setLookup({ status: 'error', message: outcome.message });
    if (outcome.addresses.length === 0)
      return setLookup({
        status: 'error',
        message: "Aucune adresse trouvée : vérifiez l'adresse ou placez le bien sur la carte.",
      });
    setLookup({ status: 'found', addresses: outcome.addresses, chosen: 0 });
    place(outcome.addresses[0]);
  };

  const choose = (index: number) => {
    if (lookup.status !== 'found') return;
    const address = lookup.addresses[index];
    setLookup({ ...lookup, chosen: index });
    place(address);
    setValue('address', streetOf(address), { shouldValidate: true, shouldDirty: true });
    if (address.city) setValue('city', address.city, { shouldValidate: true, shouldDirty: true });
    if (address.postcode) setValue('postalCode', address.postcode, { shouldValidate: true, shouldDirty: true });
  };

  return (
    <div className="listing-placement">
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => void findAddress()}
        disabled={lookup.status === 'searching'}
      >
        {lookup.status === 'searching' ? "Recherche de l'adresse…" : "Trouver l'adresse"}
      </button>
      <div aria-live="polite">
        {lookup.status === 'error' && (
          <p className="field__error listing-placement__message" role="alert">
            {lookup.message}
          </p>
        )}
        {lookup.status === 'found' && (
          <fieldset className="listing-placement__suggestions">
            <legend className="field__label">Adresses trouvées</legend>
            {lookup.addresses.map((address, index) => (
              <label key={`${address.label}-${index}`} className="checkbox">
                <input
                  type="radio"
                  name="geocoded-address"
                  checked={lookup.chosen === index}
                  onChange={() => choose(index)}
                />
                {address.label}
              </label>
            ))}
          </fieldset>
        )}
      </div>
      <LazyPlacementMap point={point} onPlace={place} />
      {notPlacedError && (
        <p className="field__error listing-placement__message" role="alert">
          {notPlacedError}
        </p>
      )}
      <p className="field__hint" aria-live="polite">
        {position.status === 'locating'
          ? 'Localisation en cours…'
          : position.status === 'error'
            ? position.message
            : 'Touchez la carte ou faites glisser le repère pour placer le bien.'}
      </p>
      <button
        type="button"
        className="button button--ghost button--small property-form__locate"
        onClick={onUseMyPosition}
        disabled={position.status === 'locating'}
      >
        Utiliser ma position actuelle
      </button>
      <details className="listing-placement__advanced" open={Boolean(errors.latitude || errors.longitude)}>
        <summary>Coordonnées (avancé)</summary>
        <div className="property-form__row">
          <FormField
            label="Latitude"
            {...num}
            min={-90}
            registration={register('latitude', { onChange: onPlaced })}
            error={errors.latitude}
          />
          <FormField
            label="Longitude"
            {...num}
            min={-180}
            registration={register('longitude', { onChange: onPlaced })}
            error={errors.longitude}
          />
        </div>
      </details>
    </div>
  );
}
