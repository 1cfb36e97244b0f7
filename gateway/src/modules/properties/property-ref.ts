import crypto from 'node:crypto';
import { PROPERTY_REF_ALPHABET, PROPERTY_REF_LENGTH } from '@flaneur/schema';
import type { EntityManager } from 'typeorm';
import { Property } from './property.entity';

/** The unique index of the references (a clash is drawn again). */
const REF_INDEX = 'UQ_properties_ref';
/** Draws before giving up: at a million listings a draw clashes about once in a thousand. */
const MAX_DRAWS = 8;

/** Where fresh references come from; a test replaces `draw` to force a clash. */
export const propertyRefs = {
  /** 6 characters of Crockford's base32, from the cryptographic generator. */
  draw(): string {
    let ref = '';
    for (let i = 0; i < PROPERTY_REF_LENGTH; i++) ref += PROPERTY_REF_ALPHABET[crypto.randomInt(32)];
    return ref;
  },
};

const isRefClash = (e: unknown): boolean => {
  const err = e as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const d = err?.driverError ?? err;
  return d?.code === '23505' && d?.constraint === REF_INDEX;
};

/**
 * Inserts a new listing with a freshly drawn reference, inside the caller's transaction. A reference another
 * listing already holds (the unique index refuses it) is drawn again, under a savepoint so the transaction stays
 * usable.
 */
export async function saveWithNewRef(tx: EntityManager, listing: Property): Promise<Property> {
  for (let attempt = 1; ; attempt++) {
    listing.ref = propertyRefs.draw();
    await tx.query('SAVEPOINT new_property_ref');
    try {
      const saved = await tx.getRepository(Property).save(listing);
      await tx.query('RELEASE SAVEPOINT new_property_ref');
      return saved;
    } catch (e) {
      await tx.query('ROLLBACK TO SAVEPOINT new_property_ref');
      if (!isRefClash(e) || attempt >= MAX_DRAWS) throw e;
    }
  }
}
