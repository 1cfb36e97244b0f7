import { LIMITS } from '@flaneur/schema';
import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { FileUpload, UploadScalar } from '../../graphql/upload-scalar';
import { requireViewer } from '../../lib/viewer';
import { readUpload } from '../uploads/incoming-file';
import { TenantFileInput, UploadedTenantFile } from './tenant-file.types';
import { TenantFile } from './tenant-file.entity';

/** The tenant folder over GraphQL; the rules live in TenantFilesService. */
@Resolver()
export class TenantFilesResolver {
  @Query(() => [TenantFile], { description: "The signed-in user's documents, newest first." })
  tenantFiles(@Ctx() ctx: Context): Promise<TenantFile[]> {
    return ctx.services.tenantFiles.list(ctx.viewer);
  }

  @Query(() => TenantFile, {
    description:
      'One document: your own, or one attached to you in a conversation and not revoked; FORBIDDEN otherwise.',
  })
  tenantFile(@Arg('id', () => ID, { description: 'The document.' }) id: string, @Ctx() ctx: Context) {
    return ctx.services.tenantFiles.get(ctx.viewer, id);
  }

  @Mutation(() => UploadedTenantFile, {
    description:
      'Step 1 of adding a document: PDF, JPG, PNG, DOC or DOCX by content (415 UNSUPPORTED_MEDIA_TYPE otherwise), at most 10 MB (PAYLOAD_TOO_LARGE). Answers the handle for createTenantFile.',
  })
  async uploadTenantFile(
    @Arg('file', () => UploadScalar, { description: 'The document (multipart upload).' }) file: Promise<FileUpload>,
    @Ctx() ctx: Context,
  ): Promise<UploadedTenantFile> {
    requireViewer(ctx.viewer); // before the file is read
    return ctx.services.tenantFiles.upload(ctx.viewer, await readUpload(file, LIMITS.documentMaxBytes));
  }

  @Mutation(() => TenantFile, { description: 'Step 2: adds the uploaded document to your folder.' })
  createTenantFile(
    @Arg('input', () => TenantFileInput, { description: 'Title, type, description and the upload handle.' })
    input: TenantFileInput,
    @Ctx() ctx: Context,
  ): Promise<TenantFile> {
    return ctx.services.tenantFiles.create(ctx.viewer, { ...input });
  }

  @Mutation(() => Boolean, { description: 'Deletes one of your documents and its stored bytes.' })
  async deleteTenantFile(@Arg('id', () => ID, { description: 'The document.' }) id: string, @Ctx() ctx: Context) {
    await ctx.services.tenantFiles.delete(ctx.viewer, id);
    return true;
  }

  @Mutation(() => Boolean, {
    description:
      'Ends the access the other participant of a conversation got when you attached this document there (attach it again to grant it again).',
  })
  async revokeTenantFileAccess(
    @Arg('fileId', () => ID, { description: 'Your document.' }) fileId: string,
    @Arg('conversationId', () => ID, { description: 'The conversation where you attached it.' })
    conversationId: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.tenantFiles.revoke(ctx.viewer, fileId, conversationId);
    return true;
  }
}
