import { zodResolver } from '@hookform/resolvers/zod';
import {
  FEATURE_LABELS,
  LISTING_FORM_FEATURES,
  MSG,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  ZProperty,
  type TProperty,
  type TPropertyParsed,
} from '@flaneur/schema';
import { useEffect, useState, type FormEvent } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { TextareaField } from '../../../components/textarea-field';
import { useCurrentPosition } from '../hooks/use-current-position';
import type { SaveListingResult } from '../hooks/use-create-property-mutation';
import { ListingPlacement } from './listing-placement';
import { PhotosField } from './photos-field';
import { AdvertiserFields, EnergyFields, RentalFields, SaleFields } from './property-form-legal';

interface PropertyFormProps {
  defaultValues: TProperty;
  /** Edit mode: the listing keeps its coordinates and the submit reads "Enregistrer les modifications". */
  editing?: boolean;
  onSubmit: (values: TPropertyParsed) => Promise<SaveListingResult>;
}

const TYPE_OPTIONS = PROPERTY_TYPES.map((t) => ({ value: t, label: PROPERTY_TYPE_LABELS[t] }));

/**
 * The add/edit listing form: five sections, required fields starred, validated by the
 * shared ZProperty schema; a new listing's coordinates come from the current position, then from
 * its address or the pin on the map (ListingPlacement).
 */
export function PropertyForm({ defaultValues, editing = false, onSubmit }: PropertyFormProps) {
  const [uploading, setUploading] = useState(false);
  // A new listing is published only where its owner placed it (an edited one was placed when published).
  const [placed, setPlaced] = useState(editing);
  const [placeAsked, setPlaceAsked] = useState(false);
  const { state: position, locate } = useCurrentPosition();
  const form = useForm({ resolver: zodResolver(ZProperty), defaultValues });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const isRental = watch('isRental');

  // « Corriger » (a listing's map) opens the edit form at its address.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#emplacement') document.getElementById('emplacement')?.scrollIntoView?.();
  }, [hash]);

  useEffect(() => {
    if (editing) return;
    void locate().then((coords) => {
      if (!coords) return;
      // Keep what the user may have typed meanwhile.
      if (!getValues('latitude')) setValue('latitude', coords.latitude.toFixed(7));
      if (!getValues('longitude')) setValue('longitude', coords.longitude.toFixed(7));
    });
  }, [editing, locate, getValues, setValue]);

  const useMyPosition = async () => {
    const coords = await locate();
    if (!coords) return;
    setValue('latitude', coords.latitude.toFixed(7), { shouldValidate: true });
    setValue('longitude', coords.longitude.toFixed(7), { shouldValidate: true });
    setPlaced(true);
  };

  const publish = handleSubmit(async (values) => {
    if (!placed) return document.getElementById('emplacement')?.scrollIntoView?.({ block: 'center' });
    const result = await onSubmit(values);
    if (result.ok) return;
    for (const [name, message] of Object.entries(result.fields)) {
      if (name in defaultValues) setError(name as keyof TProperty, { message });
    }
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!placed) setPlaceAsked(true);
    return publish(event);
  };

  const busy = isSubmitting || uploading;
  const num = { inputMode: 'decimal' as const, type: 'number', step: 'any', min: 0 };

  return (
    <form className="form property-form" noValidate onSubmit={submit}>
      <fieldset className="form__group">
        <legend>Informations de base</legend>
        <FormField label="Titre" required registration={register('title')} error={errors.title} />
        <TextareaField
          label="Description"
          required
          rows={6}
          registration={register('description')}
          error={errors.description}
        />
        <SelectField
          label="Type de bien"
          required
          options={TYPE_OPTIONS}
          registration={register('type')}
          error={errors.type}
        />
        <fieldset className="property-form__choice">
          <legend className="field__label">Transaction</legend>
          <div className="property-form__radios">
            <label className="checkbox">
              <input
                type="radio"
                name="isRental"
                checked={!isRental}
                onChange={() => setValue('isRental', false, { shouldDirty: true })}
              />
              Vente
            </label>
            <label className="checkbox">
              <input
                type="radio"
                name="isRental"
                checked={!!isRental}
                onChange={() => setValue('isRental', true, { shouldDirty: true })}
              />
              Location
            </label>
          </div>
        </fieldset>
        <div className="property-form__row">
          <FormField
            label={isRental ? 'Prix (€/mois)' : 'Prix (€)'}
            hint={isRental ? 'Loyer charges comprises (complément de loyer compris)' : undefined}
            required
            {...num}
            registration={register('price')}
            error={errors.price}
          />
          <FormField label="Surface (m²)" required {...num} registration={register('size')} error={errors.size} />
        </div>
        <div className="property-form__row">
          <FormField
            label="Nombre de pièces"
            hint="Pièces à vivre et chambres ; 1 pour un studio"
            required
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            step={1}
            registration={register('rooms')}
            error={errors.rooms as FieldError | undefined}
          />
          <FormField
            label="Chambres"
            hint="0 pour un studio"
            required
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            registration={register('bedrooms')}
            error={errors.bedrooms as FieldError | undefined}
          />
        </div>
        <div className="property-form__row">
          <FormField
            label="Salles de bain"
            required
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            registration={register('bathrooms')}
            error={errors.bathrooms as FieldError | undefined}
          />
          <FormField
            label="Étage"
            hint="Par exemple : 3ème, RDC"
            registration={register('floor')}
            error={errors.floor}
          />
        </div>
      </fieldset>

      <EnergyFields form={form} />

      <fieldset className="form__group" id="emplacement">
        <legend>Adresse</legend>
        <FormField
          label="Adresse"
          required
          autoComplete="street-address"
          registration={register('address')}
          error={errors.address}
        />
        <div className="property-form__row">
          <FormField
            label="Ville"
            required
            autoComplete="address-level2"
            registration={register('city')}
            error={errors.city}
          />
          <FormField
            label="Code postal"
            required
            inputMode="numeric"
            autoComplete="postal-code"
            registration={register('postalCode')}
            error={errors.postalCode}
          />
        </div>
        <ListingPlacement
          form={form}
          position={position}
          onUseMyPosition={() => void useMyPosition()}
          onPlaced={() => setPlaced(true)}
          notPlacedError={placeAsked && !placed ? MSG.listingNotPlaced : undefined}
        />
      </fieldset>

      <RentalFields form={form} />
      <SaleFields form={form} />

      <fieldset className="form__group">
        <legend>Caractéristiques</legend>
        <div className="property-form__features">
          {LISTING_FORM_FEATURES.map((feature) => (
            <label key={feature} className="checkbox">
              <input type="checkbox" value={feature} {...register('features')} />
              {FEATURE_LABELS[feature]}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="form__group">
        <legend>Photos</legend>
        <Controller
          control={control}
          name="images"
          render={({ field, fieldState }) => (
            <PhotosField
              images={field.value}
              onChange={(next) => field.onChange(next)}
              error={fieldState.error?.message ?? errors.images?.root?.message}
              onUploadingChange={setUploading}
            />
          )}
        />
      </fieldset>

      <fieldset className="form__group">
        <legend>Informations de contact</legend>
        <FormField
          label="Nom"
          required
          autoComplete="name"
          registration={register('ownerName')}
          error={errors.ownerName}
        />
        <FormField
          label="E-mail"
          required
          type="email"
          autoComplete="email"
          registration={register('ownerEmail')}
          error={errors.ownerEmail}
        />
        <FormField
          label="Téléphone"
          required
          type="tel"
          autoComplete="tel"
          registration={register('ownerPhone')}
          error={errors.ownerPhone}
        />
      </fieldset>

      <AdvertiserFields form={form} />

      <button type="submit" className="button button--primary property-form__submit" disabled={busy}>
        {isSubmitting ? 'Envoi en cours...' : editing ? 'Enregistrer les modifications' : "Publier l'annonce"}
      </button>
    </form>
  );
}
