import { LIMITS, MSG } from '@flaneur/schema';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { toast } from '../../../components/toaster/use-toast';
import { useUploadPropertyImagesMutation, type RefusedPhoto } from '../hooks/use-upload-property-images-mutation';
import { thumbnailUrl } from '../lib/thumbnail-url';

interface PhotosFieldProps {
  images: string[];
  onChange: (images: string[]) => void;
  /** The images field's validation message (at least one photo). */
  error?: string;
  /** Tells the form an upload is running (the submit waits for it). */
  onUploadingChange?: (uploading: boolean) => void;
}

/**
 * Photos of a listing, 1 to 15: picked files beyond the limit are dropped with the
 * "Limite d'images atteinte" toast; a progress bar runs while they upload; the files refused (not an image, under
 * 300 px, over 10 MB) are named with their reason beside the field, the others kept; thumbnails can be removed.
 */
export function PhotosField({ images, onChange, error, onUploadingChange }: PhotosFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { uploadImages, progress, uploading } = useUploadPropertyImagesMutation();
  const [refused, setRefused] = useState<RefusedPhoto[]>([]);
  const remaining = LIMITS.imagesPerListingMax - images.length;

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (picked.length === 0) return;
    const kept = picked.slice(0, Math.max(0, remaining));
    if (kept.length < picked.length) {
      toast({ title: "Limite d'images atteinte", description: MSG.imagesMax, variant: 'destructive' });
    }
    if (kept.length === 0) return;
    setRefused([]);
    onUploadingChange?.(true);
    const uploaded = await uploadImages(kept);
    onUploadingChange?.(false);
    if (!uploaded) return;
    setRefused(uploaded.refused);
    if (uploaded.urls.length > 0) onChange([...images, ...uploaded.urls]);
  };

  const remove = (url: string) => onChange(images.filter((u) => u !== url));
  const percent = progress === null ? 0 : Math.round(progress * 100);

  return (
    <div className="photos-field">
      <p id={`${id}-hint`} className="field__hint">
        De {LIMITS.imagesPerListingMin} à {LIMITS.imagesPerListingMax} photos ({images.length}/
        {LIMITS.imagesPerListingMax}).
      </p>
      {images.length > 0 && (
        <ul className="photos-field__grid" aria-label="Photos de l'annonce">
          {images.map((url, index) => (
            <li key={url} className="photos-field__item">
              <img src={thumbnailUrl(url)} alt={`Photo ${index + 1}`} loading="lazy" width="120" height="90" />
              <button
                type="button"
                className="photos-field__remove"
                aria-label={`Retirer la photo ${index + 1}`}
                onClick={() => remove(url)}
                disabled={uploading}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {uploading && (
        <div className="photos-field__progress">
          <label htmlFor={`${id}-progress`}>Envoi des photos… {percent} %</label>
          <progress id={`${id}-progress`} max={100} value={percent}>
            {percent} %
          </progress>
        </div>
      )}
      <input
        ref={input}
        id={`${id}-input`}
        className="visually-hidden"
        type="file"
        accept="image/*"
        multiple
        aria-describedby={`${id}-hint${refused.length ? ` ${id}-refused` : ''}${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        disabled={uploading || remaining <= 0}
        onChange={(event) => void onFiles(event)}
        data-testid="photos-input"
      />
      <label
        htmlFor={`${id}-input`}
        className="button button--secondary photos-field__pick"
        aria-disabled={uploading || remaining <= 0 ? true : undefined}
      >
        {images.length === 0 ? 'Ajouter des photos' : "Ajouter d'autres photos"}
      </label>
      {refused.length > 0 && (
        <div id={`${id}-refused`} className="field__error photos-field__refused" role="alert">
          <ul aria-label="Photos refusées">
            {refused.map((photo, index) => (
              <li key={`${photo.name}-${index}`}>
                {photo.name} : {photo.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
