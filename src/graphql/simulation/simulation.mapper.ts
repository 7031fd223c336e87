import { type CalcularValoresPropostaRequest, type CalcularValoresPropostaResponse } from '../../upstream/index.js';
import { toUpstreamNumber } from '../common/validation.js';
import { optionalDecimal, optionalMoney } from '../scalars.js';
import { PERSON_TYPE_CODES } from '../common/person-type.type.js';
import { chargesRequest } from '../proposal/proposal.mapper.js';
import { type SimulateProposalInput } from './simulation.input.js';
import { ProposalSimulation } from './simulation.type.js';

/** The CalcularValoresProposta request for a validated input. */
export function simulationRequest(input: SimulateProposalInput): CalcularValoresPropostaRequest {
  return {
    dto: {
      vlrSolicitado: toUpstreamNumber(input.requestedAmount),
      percJurosNegociado: toUpstreamNumber(input.monthlyInterestRate),
      prazo: input.installments,
      tipoPessoa: PERSON_TYPE_CODES[input.personType],
      formatoCalculo: input.calculationFormat,
      ...chargesRequest(input),
    },
  };
}

/** Maps the calculation result. */
export function mapSimulation(result: CalcularValoresPropostaResponse): ProposalSimulation {
  return Object.assign(new ProposalSimulation(), {
    installmentAmount: optionalMoney(result.vlrParcela),
    tacAmount: optionalMoney(result.vlrTAC),
    boletoFee: optionalMoney(result.vlrBoleto),
    insuranceAmount: optionalMoney(result.vlrSeguro),
    iofAmount: optionalMoney(result.vlrIOF),
    totalCreditAmount: optionalMoney(result.vlrTotalCredito),
    totalDebtAmount: optionalMoney(result.vlrTotalDivida),
    monthlyCet: optionalDecimal(result.percCETMensal),
    annualCet: optionalDecimal(result.percCETAnual),
    monthlyInterestRate: optionalDecimal(result.percJurosMensal),
    annualInterestRate: optionalDecimal(result.percJurosAnual),
  });
}
