import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, MSG, TENANT_FILE_TYPES, ZTenantFile, type TenantFileType } from '@flaneur/schema';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { TextareaField } from '../../../components/textarea-field';
import type { TenantFileFieldsFragment } from '../../../gql/graphql';
import type { ToastInput } from '../../../components/toaster/toast-store';
import { useCreateTenantFileMutation } from '../hooks/use-create-tenant-file-mutation';
import { useUploadTenantFileMutation } from '../hooks/use-upload-tenant-file-mutation';
import { DOCUMENT_ACCEPT, documentTypeLabel } from '../lib/document-labels';

interface DocumentFormProps {
  /** A fixed type hides the type choice (the conversation dialog adds 'other' documents). */
  fixedType?: TenantFileType;
  /** The type chosen at first in the type choice (none: the user must pick one). */
  defaultType?: TenantFileType;
  /** False hides the description (the conversation dialog keeps the form short). */
  withDescription?: boolean;
  /** The cancel button's text, when « Annuler » is already taken by the caller (the dialog's own). */
  cancelLabel?: string;
  /** The success toast, when the caller words it differently. */
  successToast?: ToastInput;
  /** The failure toast's title (upload or add), when the caller words it differently; the server's message follows. */
  failureTitle?: string;
  onAdded: (file: TenantFileFieldsFragment) => void;
  onCancel: () => void;
}

const TYPE_OPTIONS = [
  { value: '', label: 'Choisir un type' },
  ...TENANT_FILE_TYPES.map((t) => ({ value: t, label: documentTypeLabel(t) })),
];

/**
 * Adds a document: the file uploads as soon as it is picked (it must be uploaded before
 * submit), then title, type and the upload handle are validated by ZTenantFile and saved.
 * A file refused (over 10 Mo here, or by the server) keeps its reason beside the field until
 * another is picked: « Le fichier est requis » is for a field left empty, not on top of it.
 */
export function DocumentForm({
  fixedType,
  defaultType,
  withDescription = !fixedType,
  cancelLabel = 'Annuler',
  successToast,
  failureTitle,
  onAdded,
  onCancel,
}: DocumentFormProps) {
  const id = useId();
  const { uploadFile, uploading } = useUploadTenantFileMutation(failureTitle);
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileRefused, setFileRefused] = useState<string | null>(null);
  const { createFile } = useCreateTenantFileMutation(successToast, failureTitle);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ZTenantFile),
    defaultValues: { title: '', description: '', fileType: fixedType ?? defaultType ?? '', fileUrl: '' } as {
      title: string;
      description: string;
      fileType: TenantFileType;
      fileUrl: string;
    },
  });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setValue('fileUrl', '');
    setFileName(null);
    setFileRefused(null);
    if (!file) return;
    if (file.size > LIMITS.documentMaxBytes) {
      event.target.value = '';
      setFileRefused(MSG.fileTooLarge);
      return;
    }
    const uploaded = await uploadFile(file);
    if (!uploaded.ok) {
      event.target.value = '';
      setFileRefused(uploaded.message);
      return;
    }
    setFileName(uploaded.file.originalName);
    setValue('fileUrl', uploaded.file.fileUrl, { shouldValidate: true });
  };

  const fileError = fileRefused ?? errors.fileUrl?.message;

  const submit = handleSubmit(async (values) => {
    const result = await createFile(values);
    if (result.ok) {
      onAdded(result.file);
      return;
    }
    for (const [name, message] of Object.entries(result.fields)) {
      if (name === 'title' || name === 'fileType' || name === 'fileUrl') setError(name, { message });
    }
  });

  return (
    <form className="form document-form" noValidate onSubmit={(e) => void submit(e)}>
      <FormField label="Titre" required registration={register('title')} error={errors.title} />
      {!fixedType && (
        <SelectField
          label="Type de document"
          required
          options={TYPE_OPTIONS}
          registration={register('fileType')}
          error={errors.fileType}
        />
      )}
      {withDescription && (
        <TextareaField label="Description" rows={2} registration={register('description')} error={errors.description} />
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-file`} data-required>
          Fichier
        </label>
        <p id={`${id}-hint`} className="field__hint">
          PDF, JPG, JPEG, PNG, DOC ou DOCX — 10 Mo maximum
        </p>
        <input
          id={`${id}-file`}
          className="field__input"
          type="file"
          accept={DOCUMENT_ACCEPT}
          aria-required="true"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${id}-hint${fileError ? ` ${id}-error` : ''}`}
          onChange={(event) => void onFile(event)}
        />
        <p className="field__hint" aria-live="polite">
          {uploading ? 'Envoi en cours…' : fileName ? `Fichier prêt : ${fileName}` : ''}
        </p>
        {fileError && (
          <p id={`${id}-error`} className="field__error">
            {fileError}
          </p>
        )}
      </div>
      <div className="button-row">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="submit" className="button button--primary" disabled={uploading || isSubmitting}>
          {isSubmitting ? 'Ajout en cours...' : 'Ajouter le document'}
        </button>
      </div>
    </form>
  );
}
