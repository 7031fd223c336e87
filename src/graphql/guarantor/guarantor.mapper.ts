import { nodeId } from '../common/node.js';
import { documentKind, onlyDigits } from '../../shared/documents.js';
import { type Avalista, type IncluirAvalistaResponse } from '../../upstream/index.js';
import { toUpstreamCalendarDate, toUpstreamNumber } from '../common/validation.js';
import { type AddGuarantorInput } from './guarantor.input.js';
import { Guarantor, GuarantorKind } from './guarantor.type.js';

/** Drops absent members so the upstream receives only what the client filled. */
function present<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;
}

/** The kind a guarantor document implies. */
export function guarantorKind(document: string): GuarantorKind {
  return documentKind(document) === 'cnpj' ? GuarantorKind.COMPANY : GuarantorKind.INDIVIDUAL;
}

/** The IncluirAvalista `avalista` for a validated input. */
export function guarantorRequest(input: AddGuarantorInput): Avalista {
  const pf = input.individual;
  const pj = input.company;
  return present<Avalista>({
    nome: input.name,
    documentoFederal: onlyDigits(input.document),
    cep: input.zipCode ? onlyDigits(input.zipCode) : undefined,
    logradouro: input.street ?? undefined,
    nroLogradouro: input.streetNumber ?? undefined,
    bairro: input.district ?? undefined,
    complemento: input.complement ?? undefined,
    cidade: input.city ?? undefined,
    uf: input.state?.toUpperCase(),
    avalistaPF: pf
      ? present({
          email: pf.email ?? undefined,
          telefoneCelular: pf.mobilePhone ? onlyDigits(pf.mobilePhone) : undefined,
          telefoneFixo: pf.landlinePhone ?? undefined,
          dtNasc: toUpstreamCalendarDate(pf.birthDate),
          nomeMae: pf.motherName ?? undefined,
          nomePai: pf.fatherName ?? undefined,
          sexo: pf.sex ?? undefined,
          estadoCivil: pf.maritalStatusCode ?? undefined,
          nroDependentes: pf.dependents ?? undefined,
          rg: pf.rg ?? undefined,
          rgOrgao: pf.rgIssuer ?? undefined,
          rguf: pf.rgState?.toUpperCase(),
          nacionalidade: pf.nationality ?? undefined,
          localTrabalho: pf.employer ?? undefined,
          cargoTrabalho: pf.jobTitle ?? undefined,
          vlrRendimentoTrabalho: toUpstreamNumber(pf.monthlyIncome),
          vlrOutrosRendimentos: toUpstreamNumber(pf.otherIncome),
          nomeConjuge: pf.spouseName ?? undefined,
          cpfConjuge: pf.spouseCpf ? onlyDigits(pf.spouseCpf) : undefined,
        })
      : undefined,
    avalistaPJ: pj
      ? present({
          nomeFantasia: pj.tradeName ?? undefined,
          email: pj.email ?? undefined,
          webSite: pj.website ?? undefined,
          telefoneFixo: pj.phone ?? undefined,
          dtFundacao: toUpstreamCalendarDate(pj.foundationDate),
          ramoAtividade: pj.businessActivity ?? undefined,
          capitalSocial: toUpstreamNumber(pj.shareCapital),
          patrimonioLiq: toUpstreamNumber(pj.netWorth),
          faturamentoMedio12Meses: toUpstreamNumber(pj.averageMonthlyRevenue),
        })
      : undefined,
  });
}

/**
 * The Node id of a guarantor of proposal `proposalId`: keyed by the partner's guarantor id, or by its
 * order in the proposal when the partner gave none (never by the document).
 */
function guarantorId(proposalId: string, answer: IncluirAvalistaResponse | null): string {
  const code = answer?.codigo;
  return typeof code === 'string' && /^[0-9A-Za-z-]{1,64}$/.test(code)
    ? nodeId('Guarantor', proposalId, code)
    : nodeId('Guarantor', proposalId, `n${answer?.numero ?? 0}`);
}

/** The guarantor the payload reports: the partner's id and number, the name and document sent. */
export function mapGuarantor(answer: IncluirAvalistaResponse, input: AddGuarantorInput): Guarantor {
  return Object.assign(new Guarantor(), {
    id: guarantorId(input.proposalId, answer),
    upstreamId: answer.codigo ?? null,
    number: answer.numero ?? null,
    name: input.name,
    document: onlyDigits(input.document),
    kind: guarantorKind(input.document),
  });
}

/** What the ledger keeps of an added guarantor, for read-back (`Proposal.guarantors`). */
export interface GuarantorDetails {
  name: string;
  document: string;
  kind: GuarantorKind;
}

/** The read-back details of a validated guarantor input. */
export function guarantorDetails(input: AddGuarantorInput): GuarantorDetails {
  return { name: input.name, document: onlyDigits(input.document), kind: guarantorKind(input.document) };
}

/** A guarantor read back from the ledger: the partner's id and number, the name and document sent. */
export function guarantorFromLedger(answer: IncluirAvalistaResponse | null, details: GuarantorDetails, proposalId: string): Guarantor {
  return Object.assign(new Guarantor(), {
    id: guarantorId(proposalId, answer),
    upstreamId: answer?.codigo ?? null,
    number: answer?.numero ?? null,
    name: details.name,
    document: details.document,
    kind: details.kind,
  });
}
