import { MSG, normalizePropertyRef } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import { Topic, type AppPubSub } from '../../graphql/pubsub';
import { AppError, forbidden } from '../../lib/errors';
import { requireViewer } from '../../lib/viewer';
import { insertDiscoveries } from '../discovery/discovery.entries.sql';
import type { PropertiesService } from '../properties/properties.service';
import { Property } from '../properties/property.entity';
import type { User } from '../users/user.entity';
import { renderPanelPdf } from './panel-pdf';
import { listingOpenSql, listingPublicSql } from '../properties/lib/listing-visibility';

/** The panel bridge: a listing's printed panel, its short reference, and what a scan of its QR code does. */
export class PanelsService {
  constructor(
    private readonly deps: {
      db: DataSource;
      pubsub: AppPubSub;
      properties: PropertiesService;
      config: { publicUrl: string };
    },
  ) {}

  /** The address a panel's QR code opens: `{PUBLIC_URL}/p/{ref}`. */
  panelUrl(ref: string): string {
    return `${this.deps.config.publicUrl}/p/${ref}`;
  }

  /**
   * The listing of a reference, or null when none bears it. Case-insensitive, I/L read as 1 and O as 0 (Crockford);
   * a malformed reference is a BAD_USER_INPUT.
   */
  async byRef(input: unknown): Promise<Property | null> {
    const ref = normalizePropertyRef(input);
    if (!ref) throw new AppError('BAD_USER_INPUT', MSG.panelRefInvalid, { fields: { ref: MSG.panelRefInvalid } });
    const [found = null] = await this.deps.db
      .getRepository(Property)
      .createQueryBuilder('p')
      .where('p.ref = :ref', { ref })
      .andWhere(listingOpenSql('p'))
      .getMany();
    return found;
  }

  /** The A4 panel of the owner's listing, as a PDF (401 signed out, 404 unknown, 403 another's listing). */
  async pdf(viewer: User | null, propertyId: unknown): Promise<{ ref: string; pdf: Buffer }> {
    const me = requireViewer(viewer);
    const property = await this.deps.properties.get(propertyId, { viewer: me });
    if (property.ownerId !== me.id) throw forbidden(MSG.propertyForbidden);
    return { ref: property.ref, pdf: await renderPanelPdf(property, this.panelUrl(property.ref)) };
  }

  /**
   * A scan of a panel (GET /p/{ref}): the listing's id, or null for an unknown or malformed reference. A signed-in
   * user other than the owner gets the listing in Découvertes as a panel discovery, once (a listing already there
   * stays as it is), with the same live event as a discovery while walking. No push: the user is looking at it.
   */
  async scan(viewer: User | null, input: unknown): Promise<number | null> {
    const ref = normalizePropertyRef(input);
    if (!ref) return null;
    const [row]: { id: number; owner_id: number | null; public: boolean }[] = await this.deps.db.query(
      `SELECT id, owner_id, ${listingPublicSql('p')} AS public FROM properties p WHERE ref = $1 AND ${listingOpenSql('p')}`,
      [ref],
    );
    if (!row) return null;
    // A withdrawn listing's panel still opens its page, but it is no longer discovered.
    if (viewer && row.owner_id !== viewer.id && row.public) {
      const added = await insertDiscoveries(this.deps.db, viewer.id, [row.id], {
        latitude: null,
        longitude: null,
        source: 'panel',
      });
      for (const e of added) this.deps.pubsub.publish(Topic.DiscoveryAdded, viewer.id, { entryId: e.id });
    }
    return row.id;
  }
}
