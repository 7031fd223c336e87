import { registerEnumType } from 'type-graphql';

/** Individual or legal entity (`tipoPessoa`). */
export enum PersonType {
  INDIVIDUAL = 'INDIVIDUAL',
  COMPANY = 'COMPANY',
}

registerEnumType(PersonType, {
  name: 'PersonType',
  description: 'Individual (PF) or legal entity (PJ); IOF rates differ. Upstream: tipoPessoa (1 PF, 2 PJ).',
  valuesConfig: {
    INDIVIDUAL: { description: 'An individual (pessoa física, CPF). Upstream: tipoPessoa = 1.' },
    COMPANY: { description: 'A legal entity (pessoa jurídica, CNPJ). Upstream: tipoPessoa = 2.' },
  },
});

/** The upstream code of a person type. */
export const PERSON_TYPE_CODES: Readonly<Record<PersonType, number>> = { [PersonType.INDIVIDUAL]: 1, [PersonType.COMPANY]: 2 };
