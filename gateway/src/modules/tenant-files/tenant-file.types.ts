import type { TenantFileType } from '@flaneur/schema';
import { Field, InputType, ObjectType } from 'type-graphql';
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
