import { FEED_IMPORT_STATUSES, type FeedImportStatus } from '@flaneur/schema';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/** The GraphQL enum of an import's status, from the shared tuple. */
export const FeedImportStatusEnum = Object.fromEntries(FEED_IMPORT_STATUSES.map((v) => [v, v])) as {
  [K in FeedImportStatus]: K;
};
registerEnumType(FeedImportStatusEnum, {
  name: 'FeedImportStatus',
  description: 'pending (en attente), running (en cours), done (terminé) or failed (échoué).',
});

/** One import of an agency's Poliris feed (table feed_imports): its status, counts and where its ZIP waits. */
@ObjectType({ description: "An import of an agency's listing feed (Poliris ZIP): status, counts, report." })
@Entity('feed_imports')
// One import at a time per agency: a second one is refused while the first is pending or running.
@Index('UQ_feed_imports_active', ['ownerId'], { unique: true, where: "status IN ('pending', 'running')" })
export class FeedImport {
  @Field(() => ID, { description: 'Identifier.' })
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'integer' })
  ownerId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;

  @Field(() => FeedImportStatusEnum, { description: 'Where the import stands.' })
  @Column({ type: 'enum', enum: FEED_IMPORT_STATUSES, enumName: 'feed_import_status', default: 'pending' })
  status: FeedImportStatus;

  @Field(() => String, { description: 'upload (sent by the agency) or url (fetched from its registered address).' })
  @Column({ type: 'varchar', length: 10, default: 'upload' })
  origin: 'upload' | 'url';

  // The uploaded ZIP in the private store until the import ends (then deleted).
  @Column({ type: 'varchar', length: 200, nullable: true })
  fileKey: string | null;

  @Field(() => Int, { description: 'Lines read so far.' })
  @Column({ type: 'integer', default: 0 })
  lines: number;

  @Field(() => Int, { description: 'Listings created (« créées »).' })
  @Column({ type: 'integer', default: 0 })
  created: number;

  @Field(() => Int, { description: 'Listings changed (« mises à jour »).' })
  @Column({ type: 'integer', default: 0 })
  updated: number;

  @Field(() => Int, { description: 'Lines identical to the listing (« inchangées »): nothing written.' })
  @Column({ type: 'integer', default: 0 })
  unchanged: number;

  @Field(() => Int, { description: 'Listings of the agency absent from the feed, withdrawn (« retirées »).' })
  @Column({ type: 'integer', default: 0 })
  withdrawn: number;

  @Field(() => Int, { description: 'Lines refused (« refusées »), each in the report.' })
  @Column({ type: 'integer', default: 0 })
  refused: number;

  @Field(() => Int, { description: 'Listings created or changed as drafts (a legal mention missing).' })
  @Column({ type: 'integer', default: 0 })
  drafts: number;

  @Field(() => String, { nullable: true, description: 'Why the import failed as a whole, in French.' })
  @Column({ type: 'varchar', length: 500, nullable: true })
  error: string | null;

  @Field(() => Date, { description: 'When the feed was received.' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'When the import ended.' })
  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}

/** One line of an import's report (table feed_import_lines): line number, reference, field, French reason. */
@ObjectType({ description: "One line of an import's report." })
@Entity('feed_import_lines')
@Index(['importId', 'id'])
export class FeedImportLine {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  importId: number;

  @ManyToOne(() => FeedImport, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'import_id' })
  feedImport?: FeedImport;

  @Field(() => Int, { nullable: true, description: 'Line number in Annonces.csv; null for the whole feed.' })
  @Column({ type: 'integer', nullable: true })
  line: number | null;

  @Field(() => String, { nullable: true, description: "The agency's reference of the line." })
  @Column({ type: 'varchar', length: 60, nullable: true })
  reference: string | null;

  @Field(() => String, { nullable: true, description: 'The Poliris field concerned (name and position).' })
  @Column({ type: 'varchar', length: 60, nullable: true })
  field: string | null;

  @Field({ description: 'What happened, in French.' })
  @Column({ type: 'varchar', length: 500 })
  message: string;
}

/** A photo an agency's feed already stored, by the SHA-256 of its bytes (table feed_photos): stored once. */
@Entity('feed_photos')
@Index(['ownerId', 'sha256'], { unique: true })
export class FeedPhoto {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  ownerId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;

  @Column({ type: 'varchar', length: 64 })
  sha256: string;

  @Column({ type: 'varchar', length: 300 })
  url: string;
}
