import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { Property } from '../properties/property.entity';

/** The panel bridge over GraphQL: a listing by the reference printed on its panel. */
@Resolver()
export class PanelsResolver {
  @Query(() => Property, {
    nullable: true,
    description:
      "The listing bearing a panel's reference (6 characters; case-insensitive, I and L read as 1, O as 0); null when none does. BAD_USER_INPUT for a malformed reference.",
  })
  propertyByRef(
    @Arg('ref', () => String, { description: "The reference printed on the listing's panel (QR code)." }) ref: string,
    @Ctx() ctx: Context,
  ): Promise<Property | null> {
    return ctx.services.panels.byRef(ref);
  }
}
