import { concludeDueAnalyses, moveToSituation } from './lifecycle/transitions.js';
import { Situation, type Proposal, type SituationCode } from './model/types.js';
import { cancelarProposta } from './routes/fgts.js';
import { receivablesRoutes } from './routes/receivables.js';
import { incluirAssinaturaCCB, incluirAssinaturaCCBFinalizada } from './routes/signature.js';
import { type OperationContext } from './routes/types.js';

/**
 * One step of a demo proposal's story after IncluirManual: an operation handler the partner's
 * client would call, or a move of the partner's own (its analysts, its bank) as the admin API makes
 * it, always through the sandbox's lifecycle functions so that what a situation carries is there.
 */
export type DemoStep = (ctx: OperationContext, proposal: Proposal) => void | Promise<void>;

/** A signer of a demo proposal (its client, who signs as the issuer). */
export interface DemoSigner {
  name: string;
  document: string;
  email: string;
  mobile: string;
}

/** An address of the documentation range (RFC 5737): where the demo signers signed from. */
const DEMO_SIGNING_IP = '203.0.113.10';

function receivablesHandler(path: string) {
  const route = receivablesRoutes.find((r) => r.path === path);
  if (!route) {
    throw new Error(`demo data needs the receivables route ${path}`);
  }
  return route.handler;
}

/** A move the partner makes by itself (admin API `POST /_sandbox/proposals/{codigo}/situacao`). */
function partnerMove(situation: SituationCode): DemoStep {
  return (ctx, proposal) => moveToSituation(ctx, proposal, situation);
}

/** The partner's bank pays the client: the agenda opens and the release entry is paid. */
export const disburse: DemoStep = partnerMove(Situation.Disbursed);
/** The partner assigns the credit to a fund. */
export const cede: DemoStep = partnerMove(Situation.Ceded);
/** The partner's formalization checks the signed contract. */
export const verify: DemoStep = partnerMove(Situation.Verified);
/** The partner releases the verified contract for payment. */
export const releaseForPayment: DemoStep = partnerMove(Situation.ReleasedForPayment);
/** The partner's bank could not pay into the account given (bank data problem). */
export const paymentRefused: DemoStep = partnerMove(Situation.PendingPayment);

/** The credit analysis, created due at once, concludes (rejected above the pre-approved amount). */
export const concludeAnalysis: DemoStep = (ctx) => concludeDueAnalyses(ctx);

/** A boleto for installment 2 (GerarUnicoBoleto) and installment 1 paid (IncluirLancamentoParcela). */
export const boletoAndFirstPayment: DemoStep = async (ctx, proposal) => {
  const locator = { codigoProposta: proposal.id };
  await receivablesHandler('/AgendaRecebivel/GerarUnicoBoleto')(ctx, {
    dto: { ...locator, nroParcelas: [2] },
    dtoGerarUnicoBoleto: { tipoRegistro: 1, descricaoBoleto: 'Parcela 2 (demo)', notificarCliente: false },
  });
  await receivablesHandler('/AgendaRecebivel/IncluirLancamentoParcela')(ctx, {
    dto: { ...locator, nroParcela: 1 },
    dtoLancamentoParcela: { vlrPagamento: proposal.values.installmentAmount, vlrDesconto: 0, descricaoLancamento: 'Pagamento da parcela 1 (demo)' },
  });
};

/** The partner's client cancels the FGTS proposal (CancelarProposta) with `reason`. */
export function cancelFgts(reason: string): DemoStep {
  return (ctx, proposal) => {
    cancelarProposta(ctx, { CodigoProposta: proposal.id, DocumentoFederal: proposal.clientDocument, Motivo: reason });
  };
}

/**
 * The signer is invited (IncluirAssinaturaCCB) and signs (IncluirAssinaturaCCBFinalizada): every
 * signer in, the proposal is finalized (6) by the lifecycle.
 */
export function signedBy(signer: DemoSigner): DemoStep {
  return (ctx, proposal) => {
    const dto = { codigoProposta: proposal.id };
    const who = { nome: signer.name, documento: signer.document, email: signer.email, descricao: 'Emitente' };
    incluirAssinaturaCCB(ctx, { dto, assinantes: [{ ...who, telefoneCelular: signer.mobile }] });
    incluirAssinaturaCCBFinalizada(ctx, { dto, assinantes: [{ ...who, ipAssinatura: DEMO_SIGNING_IP }] });
  };
}
