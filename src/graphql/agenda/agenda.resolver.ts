import { Args, FieldResolver, Resolver, Root, type ResolverInterface } from 'type-graphql';
import { AgendaInstallmentsArgs } from './agenda.input.js';
import { AgendaDetail, type AgendaInstallment } from './agenda.type.js';

/** Fields of `AgendaDetail` computed from the one ConsultarDetalhes answer. */
@Resolver((_of) => AgendaDetail)
export class AgendaResolver implements ResolverInterface<AgendaDetail> {
  @FieldResolver()
  installments(@Root() agenda: AgendaDetail, @Args((_type) => AgendaInstallmentsArgs) { numbers }: AgendaInstallmentsArgs): AgendaInstallment[] {
    if (!numbers) {
      return agenda.allInstallments;
    }
    const wanted = new Set(numbers);
    return agenda.allInstallments.filter((i) => wanted.has(i.number));
  }
}
