import { TENANT_FILE_TYPE_LABELS, TENANT_FILE_TYPES, type TenantFileType } from '@flaneur/schema';

/** The French label of a document type; an unknown value shows with its underscores as spaces. */
export function documentTypeLabel(type: string): string {
  return (TENANT_FILE_TYPES as readonly string[]).includes(type)
    ? TENANT_FILE_TYPE_LABELS[type as TenantFileType]
    : type.replace(/_/g, ' ');
}

/** The file picker's accept list (pdf, jpg, jpeg, png, doc, docx). */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.doc,.docx';
