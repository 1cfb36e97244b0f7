import type { TenantFileType } from '@flaneur/schema';
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { TenantFileTypeEnum } from '../../graphql/enums';

/** Fields of a new document; checked by the shared ZTenantFile (French messages per field). */
@InputType({ description: 'A document to add to the tenant folder, from an uploadTenantFile handle.' })
export class TenantFileInput {
  @Field(() => String, { nullable: true, description: 'Title (required, at most 200 characters).' })
  title?: string;

  @Field(() => String, { nullable: true, description: 'Optional description (at most 1000 characters).' })
  description?: string | null;

  @Field(() => TenantFileTypeEnum, { nullable: true, description: 'Kind of document (required).' })
  fileType?: TenantFileType;

  @Field(() => String, { nullable: true, description: 'The fileUrl answered by uploadTenantFile (required).' })
  fileUrl?: string;
}

/** The answer of the upload step. */
@ObjectType({ description: 'A document uploaded and kept aside until createTenantFile adds it to the folder.' })
export class UploadedTenantFile {
  @Field({ description: 'File name as uploaded (with an extension of its real type).' })
  originalName: string;

  @Field({
    description:
      'Opaque handle (/api/tenant-files/pending/{uuid}) to pass to createTenantFile within a day; usable once, by you only.',
  })
  fileUrl: string;
}

/** What a share is now. */
export enum TenantFileShareStatus {
  ACTIVE = 'ACTIVE',
  EXPIRED = 'EXPIRED',
  REVOKED = 'REVOKED',
}
registerEnumType(TenantFileShareStatus, {
  name: 'TenantFileShareStatus',
  description: 'State of the access a document attached to a message gives its recipient.',
  valuesConfig: {
    ACTIVE: { description: 'Readable by the recipient until expiresAt.' },
    EXPIRED: { description: 'Ended at expiresAt; the owner may extend it.' },
    REVOKED: { description: 'Ended by the owner; attaching the document again grants it again.' },
  },
});

/** A share of one of your documents, as its owner sees it. */
@ObjectType({ description: 'An access to one of your documents given by attaching it in a conversation.' })
export class TenantFileShareInfo {
  @Field(() => ID, { description: 'The document.' })
  fileId: number;

  @Field(() => ID, { description: 'The conversation where it was attached.' })
  conversationId: number;

  @Field({ description: 'First name of the recipient (the other participant).' })
  recipientFirstName: string;

  @Field(() => Date, { description: 'When it was first attached in that conversation.' })
  createdAt: Date;

  @Field(() => Date, { description: 'End of the access (7, 30 or 90 days after attaching or extending).' })
  expiresAt: Date;

  @Field(() => Date, { nullable: true, description: 'When you revoked it, if you did.' })
  revokedAt: Date | null;

  @Field(() => TenantFileShareStatus, { description: 'Active, expired or revoked.' })
  status: TenantFileShareStatus;
}

/** One line of the access log of one of your documents. */
@ObjectType({ description: 'A download or preview of one of your documents by someone else.' })
export class TenantFileAccessEntry {
  @Field(() => ID, { description: 'Identifier.' })
  id: number;

  @Field({ description: 'First name of the reader.' })
  readerFirstName: string;

  @Field(() => ID, { nullable: true, description: 'The conversation whose share allowed it (null once deleted).' })
  conversationId: number | null;

  @Field({ description: 'download or preview.' })
  kind: string;

  @Field(() => Date, { description: 'When it happened.' })
  accessedAt: Date;
}

/** The state of one document attached to a message, for the two participants. */
@ObjectType({ description: 'The access an attached document gives in this conversation.' })
export class MessageAttachmentShare {
  @Field(() => ID, { description: 'The attached document.' })
  fileId: number;

  @Field(() => Date, { description: 'End of the access.' })
  expiresAt: Date;

  @Field(() => TenantFileShareStatus, {
    description: 'Active or expired; revoked is shown to the sender only (the recipient no longer sees it at all).',
  })
  status: TenantFileShareStatus;
}
