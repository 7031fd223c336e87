import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { onlyDigits } from '../../shared/documents.js';
import { type GraphContext } from '../runtime/context.js';
import { DocumentArgs } from './registry.input.js';
import { mapBureauReport, mapRegistrationRecord } from './registry.mapper.js';
import { BureauReport, RegistrationRecord } from './registry.type.js';

/** Registry and bureau look-ups by document. */
@Resolver()
export class RegistryResolver {
  @Query((_returns) => RegistrationRecord, {
    nullable: true,
    description:
      'Registry data of a CPF or CNPJ (address, e-mail, phone, tax status, partners); null when the partner has none. One call per document. Upstream: Bureau/ConsultarCadastroBusca.',
  })
  async registrationRecord(@Args((_type) => DocumentArgs) { document }: DocumentArgs, @Ctx() ctx: GraphContext): Promise<RegistrationRecord | null> {
    const digits = onlyDigits(document);
    const answer = await ctx.loaders.registrationByDocument.load(digits);
    return answer && answer.json != null ? mapRegistrationRecord(answer.json, digits) : null;
  }

  @Query((_returns) => BureauReport, {
    nullable: true,
    description:
      'Financial-health report of a CPF or CNPJ (score, liabilities, restrictions, overdue debts, bounced checks, protests); null when the partner has none. One call per document. Upstream: Bureau/ConsultaBureauCnpj.',
  })
  async bureauReport(@Args((_type) => DocumentArgs) { document }: DocumentArgs, @Ctx() ctx: GraphContext): Promise<BureauReport | null> {
    const digits = onlyDigits(document);
    const answer = await ctx.loaders.bureauByDocument.load(digits);
    return answer ? mapBureauReport(answer as Record<string, unknown>, digits) : null;
  }
}
