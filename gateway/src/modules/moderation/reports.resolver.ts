import { REPORT_REASON_LABELS, type ReportReason, type ReportTargetType } from '@flaneur/schema';
import { Arg, Ctx, Field, FieldResolver, ID, InputType, Mutation, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { Report, ReportReasonEnum, ReportTargetTypeEnum } from './report.entity';

@InputType({ description: 'A report: what, why, and an optional comment.' })
class ReportInput {
  @Field(() => ReportTargetTypeEnum, { description: 'What is reported.' })
  targetType: ReportTargetType;

  @Field(() => ID, { description: 'The id of the listing, conversation or account.' })
  targetId: string;

  @Field(() => ReportReasonEnum, { description: 'Why.' })
  reason: ReportReason;

  @Field(() => String, { nullable: true, description: 'Optional comment, 1000 characters at most.' })
  comment?: string | null;
}

/** Reports over GraphQL; the rules live in ReportsService. */
@Resolver(() => Report)
export class ReportsResolver {
  @Mutation(() => Report, {
    description:
      'Reports a listing, a conversation or an account to the moderation team: one report per user and target (CONFLICT), throttled (TOO_MANY_REQUESTS), never about your own listing or account (FORBIDDEN), only about what you can see (NOT_FOUND). Signed-in session only.',
  })
  createReport(
    @Arg('input', () => ReportInput, { description: 'What is reported and why.' }) input: ReportInput,
    @Ctx() ctx: Context,
  ): Promise<Report> {
    return ctx.services.reports.create(ctx.viewer, input);
  }

  @FieldResolver(() => String, { description: 'The reason in French.' })
  reasonLabel(@Root() r: Report): string {
    return REPORT_REASON_LABELS[r.reason];
  }
}
