import {
  VISIT_REQUEST_STATUSES,
  VISIT_SLOT_ANSWERS,
  DPE_RATINGS,
  FEATURES,
  MESSAGE_TYPES,
  PROPERTY_STATUS_FILTERS,
  PROPERTY_TYPE_FILTERS,
  PROPERTY_TYPES,
  TENANT_FILE_TYPES,
} from '@flaneur/schema';
import { registerEnumType } from 'type-graphql';

const asEnum = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };

/** GraphQL enums built from the shared tuples, so the contract has one source. */
export const PropertyTypeEnum = asEnum(PROPERTY_TYPES);
export const DpeRatingEnum = asEnum(DPE_RATINGS);
export const FeatureEnum = asEnum(FEATURES);
export const VisitRequestStatusEnum = asEnum(VISIT_REQUEST_STATUSES);
export const VisitSlotAnswerEnum = asEnum(VISIT_SLOT_ANSWERS);
export const MessageTypeEnum = asEnum(MESSAGE_TYPES);
export const TenantFileTypeEnum = asEnum(TENANT_FILE_TYPES);
export const PropertyStatusFilterEnum = asEnum(PROPERTY_STATUS_FILTERS);
export const PropertyTypeFilterEnum = asEnum(PROPERTY_TYPE_FILTERS);

registerEnumType(PropertyTypeEnum, {
  name: 'PropertyType',
  description: 'Kind of dwelling: apartment (Appartement), house (Maison), villa (Villa).',
});
registerEnumType(DpeRatingEnum, {
  name: 'DpeRating',
  description: 'Energy performance class (DPE), A "Très économe" to G "Très énergivore".',
});
registerEnumType(FeatureEnum, {
  name: 'Feature',
  description: 'Canonical feature key; the web shows its French label.',
});
registerEnumType(VisitRequestStatusEnum, {
  name: 'VisitRequestStatus',
  description: 'pending, then approved or rejected (final).',
});
registerEnumType(VisitSlotAnswerEnum, {
  name: 'VisitSlotAnswer',
  description: "The requester's answer to the proposed visit slot: confirmed or declined (final).",
});
registerEnumType(MessageTypeEnum, {
  name: 'MessageType',
  description: 'text, or tenant_application when documents are attached.',
});
registerEnumType(TenantFileTypeEnum, { name: 'TenantFileType', description: 'Kind of tenant document.' });
registerEnumType(PropertyStatusFilterEnum, { name: 'PropertyStatusFilter', description: 'all, sale or rent.' });
registerEnumType(PropertyTypeFilterEnum, { name: 'PropertyTypeFilter', description: 'all, or one property type.' });
