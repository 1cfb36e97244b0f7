import {
  ADVERTISER_LABELS,
  ADVERTISERS,
  DPE_CAPTIONS,
  DPE_RATINGS,
  energyRequired,
  isRentControlled,
  LEGAL_MENTIONS,
  type TProperty,
  type TPropertyParsed,
} from '@flaneur/schema';
import type { FieldError, UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';

type Form = UseFormReturn<TProperty, unknown, TPropertyParsed>;

const blankOption = { value: '', label: 'Non renseigné' };
const DPE_OPTIONS = [
  blankOption,
  ...DPE_RATINGS.map((r) => ({ value: r, label: DPE_CAPTIONS[r] ? `${r} — ${DPE_CAPTIONS[r]}` : r })),
];
const GES_OPTIONS = [blankOption, ...DPE_RATINGS.map((r) => ({ value: r, label: r }))];
const CHARGES_OPTIONS = [
  blankOption,
  { value: 'provision', label: 'Provision avec régularisation annuelle' },
  { value: 'forfait', label: 'Forfait' },
];
const FEES_OPTIONS = [blankOption, { value: 'seller', label: 'Le vendeur' }, { value: 'buyer', label: "L'acquéreur" }];
const orNull = (v: string | null) => v || null;
const amount = { inputMode: 'decimal' as const, type: 'number', step: 'any', min: 0 };
const err = (e: unknown) => e as FieldError | undefined;

/** The DPE: classes, yearly cost and the year of the prices; required except for a new-build sale (VEFA). */
export function EnergyFields({ form }: { form: Form }) {
  const { register, watch, formState } = form;
  const errors = formState.errors;
  const isRental = !!watch('isRental');
  const required = energyRequired({ isRental, isNewBuild: !!watch('isNewBuild') });
  return (
    <fieldset className="form__group">
      <legend>Performance énergétique (DPE)</legend>
      {!isRental && (
        <label className="checkbox">
          <input type="checkbox" {...register('isNewBuild')} />
          {LEGAL_MENTIONS.newBuild}
        </label>
      )}
      <div className="property-form__row">
        <SelectField
          label="DPE : classe énergie"
          hint="De A (Très économe) à G (Très énergivore)"
          required={required}
          options={DPE_OPTIONS}
          registration={register('dpeRating', { setValueAs: orNull })}
          error={err(errors.dpeRating)}
        />
        <SelectField
          label="GES : classe climat"
          required={required}
          options={GES_OPTIONS}
          registration={register('gesRating', { setValueAs: orNull })}
          error={err(errors.gesRating)}
        />
      </div>
      <div className="property-form__row">
        <FormField
          label="Dépenses d'énergie minimum (€/an)"
          required={required}
          {...amount}
          step={1}
          registration={register('energyCostMin')}
          error={err(errors.energyCostMin)}
        />
        <FormField
          label="Dépenses d'énergie maximum (€/an)"
          required={required}
          {...amount}
          step={1}
          registration={register('energyCostMax')}
          error={err(errors.energyCostMax)}
        />
      </div>
      <FormField
        label="Année de référence des prix de l'énergie"
        hint="Prix moyens indexés au 1er janvier de cette année, indiqués sur le DPE"
        required={required}
        type="number"
        inputMode="numeric"
        step={1}
        registration={register('energyPricesYear')}
        error={err(errors.energyPricesYear)}
      />
    </fieldset>
  );
}

/** Rental terms (charges, deposit, furnished), rent control where it applies, and the tenant's fees. */
export function RentalFields({ form }: { form: Form }) {
  const { register, watch, setValue, formState } = form;
  const errors = formState.errors;
  if (!watch('isRental')) return null;
  const controlled = isRentControlled(String(watch('postalCode') ?? '').trim(), String(watch('city') ?? ''));
  const furnished = watch('furnished');
  const professional = watch('advertiser') === 'professional';
  return (
    <fieldset className="form__group">
      <legend>Conditions de location</legend>
      <div className="property-form__row">
        <FormField
          label="Dont charges (€/mois)"
          required
          {...amount}
          registration={register('charges')}
          error={err(errors.charges)}
        />
        <SelectField
          label="Règlement des charges"
          required
          options={CHARGES_OPTIONS}
          registration={register('chargesMode', { setValueAs: orNull })}
          error={err(errors.chargesMode)}
        />
      </div>
      <FormField
        label="Dépôt de garantie (€)"
        hint="Au plus un mois de loyer hors charges (deux pour un meublé)"
        required
        {...amount}
        registration={register('deposit')}
        error={err(errors.deposit)}
      />
      <fieldset className="property-form__choice" aria-describedby={errors.furnished ? 'furnished-error' : undefined}>
        <legend className="field__label">Meublé ou non *</legend>
        <div className="property-form__radios">
          {[true, false].map((value) => (
            <label key={String(value)} className="checkbox">
              <input
                type="radio"
                name="furnished"
                checked={furnished === value}
                onChange={() => setValue('furnished', value, { shouldDirty: true, shouldValidate: true })}
              />
              {LEGAL_MENTIONS.furnished(value)}
            </label>
          ))}
        </div>
        {errors.furnished && (
          <p id="furnished-error" className="field__error">
            {errors.furnished.message}
          </p>
        )}
      </fieldset>
      {controlled && (
        <>
          <p className="field__hint" role="note">
            {LEGAL_MENTIONS.rentControlZone} : le loyer charges comprises est le loyer de base, plus le complément de
            loyer éventuel et les charges.
          </p>
          <div className="property-form__row">
            <FormField
              label="Loyer de base (€/mois)"
              required
              {...amount}
              registration={register('baseRent')}
              error={err(errors.baseRent)}
            />
            <FormField
              label="Loyer de référence majoré (€/mois)"
              required
              {...amount}
              registration={register('referenceRentMajored')}
              error={err(errors.referenceRentMajored)}
            />
          </div>
          <FormField
            label="Complément de loyer (€/mois)"
            hint="Interdit pour un logement classé F ou G"
            {...amount}
            registration={register('rentSupplement')}
            error={err(errors.rentSupplement)}
          />
        </>
      )}
      {professional && (
        <FormField
          label="Honoraires charge locataire (€)"
          hint="État des lieux compris"
          required
          {...amount}
          registration={register('tenantFees')}
          error={err(errors.tenantFees)}
        />
      )}
      <FormField
        label="Frais d'état des lieux à la charge du locataire (€)"
        {...amount}
        registration={register('inventoryFees')}
        error={err(errors.inventoryFees)}
      />
    </fieldset>
  );
}

/** Sale: co-ownership (lots, yearly charges, procedure) and a professional's fees. */
export function SaleFields({ form }: { form: Form }) {
  const { register, watch, setValue, formState } = form;
  const errors = formState.errors;
  if (watch('isRental')) return null;
  const coOwnership = watch('coOwnership');
  const professional = watch('advertiser') === 'professional';
  const coErrors = errors.coOwnership as Record<string, FieldError> | undefined;
  return (
    <fieldset className="form__group">
      <legend>Informations sur la vente</legend>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={!!coOwnership}
          onChange={(e) =>
            setValue('coOwnership', e.target.checked ? { lots: '', annualCharges: '', proceedings: false } : null, {
              shouldDirty: true,
            })
          }
        />
        {LEGAL_MENTIONS.coOwnership}
      </label>
      {coOwnership && (
        <>
          <div className="property-form__row">
            <FormField
              label="Nombre de lots"
              required
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              registration={register('coOwnership.lots')}
              error={coErrors?.lots}
            />
            <FormField
              label="Charges courantes annuelles moyennes (€)"
              required
              {...amount}
              registration={register('coOwnership.annualCharges')}
              error={coErrors?.annualCharges}
            />
          </div>
          <label className="checkbox">
            <input type="checkbox" {...register('coOwnership.proceedings')} />
            Procédure en cours sur le syndicat des copropriétaires
          </label>
        </>
      )}
      {professional && (
        <div className="property-form__row">
          <SelectField
            label="Honoraires à la charge de"
            required
            options={FEES_OPTIONS}
            registration={register('feesPaidBy', { setValueAs: orNull })}
            error={err(errors.feesPaidBy)}
          />
          {watch('feesPaidBy') === 'buyer' && (
            <FormField
              label="Honoraires (% TTC du prix hors honoraires)"
              required
              {...amount}
              max={100}
              registration={register('buyerFeesPercent')}
              error={err(errors.buyerFeesPercent)}
            />
          )}
        </div>
      )}
    </fieldset>
  );
}

/** Who publishes, declared before publishing; a private person reads the warning of the Code de la consommation. */
export function AdvertiserFields({ form }: { form: Form }) {
  const { watch, setValue, formState } = form;
  const advertiser = watch('advertiser');
  const error = formState.errors.advertiser;
  return (
    <fieldset className="form__group" aria-describedby={error ? 'advertiser-error' : undefined}>
      <legend>Vous publiez en tant que *</legend>
      <div className="property-form__radios">
        {ADVERTISERS.map((value) => (
          <label key={value} className="checkbox">
            <input
              type="radio"
              name="advertiser"
              checked={advertiser === value}
              onChange={() => setValue('advertiser', value, { shouldDirty: true, shouldValidate: true })}
            />
            {ADVERTISER_LABELS[value]}
          </label>
        ))}
      </div>
      {error && (
        <p id="advertiser-error" className="field__error">
          {error.message}
        </p>
      )}
      {advertiser === 'private' && (
        <p className="field__hint" role="note">
          {LEGAL_MENTIONS.privateSellerWarning}
        </p>
      )}
    </fieldset>
  );
}
