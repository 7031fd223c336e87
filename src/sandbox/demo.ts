import { DEMO_SPECS, type DemoSpec } from './demo-specs.js';
import { SandboxFailure } from './envelope.js';
import { type Proposal } from './model/types.js';
import { incluirManual } from './routes/proposal.js';
import { type OperationContext } from './routes/types.js';
import { type DemoProposal } from './options.js';

export { DEMO_CPFS } from './demo-specs.js';

/** IncluirManual of one demo proposal, as the partner's client sends it; answers the stored proposal. */
function include(ctx: OperationContext, spec: DemoSpec): Proposal {
  const parametros = [{ nome: 'nomeCliente', valor: spec.name }];
  if (spec.initial !== undefined) {
    parametros.push({ nome: 'situacaoInicial', valor: String(spec.initial) });
  }
  // Through the credit analysis: due at once, so that its story concludes it at the start.
  const context = spec.initial === undefined ? { ...ctx, analysisDelayMs: 0 } : ctx;
  const created = incluirManual(context, {
    dto: {
      documentoCliente: spec.document,
      tipoContrato: spec.contractType,
      vlrSolicitado: spec.amount,
      ...(spec.preApproved === undefined ? {} : { vlrPreAprovado: spec.preApproved }),
      prazo: spec.term,
      percJurosNegociado: spec.interest,
      formatoCalculo: 1,
      codigoOperacao: `DEMO-${spec.label.toUpperCase()}`,
      propostaContaPagamentoDTO: {
        codigoBanco: 1,
        tipoConta: 1,
        agencia: '1234',
        agenciaDig: '5',
        conta: '67890',
        contaDig: '1',
        documentoFederalPagamento: spec.document,
        nomePagamento: spec.name,
      },
    },
    parametros,
  });
  const proposal = ctx.store.proposals.get(created.codigo as string);
  if (!proposal) {
    throw new Error('demo proposal vanished');
  }
  return proposal;
}

/**
 * Creates the demo proposals (see README, "Demo data") owned by `ctx.clientId`: each is created
 * through IncluirManual and led along its story by the operation handlers and the lifecycle's own
 * moves (demo-steps.ts), so it holds what its situation holds and obeys every rule.
 */
export async function createDemoData(ctx: OperationContext): Promise<DemoProposal[]> {
  const out: DemoProposal[] = [];
  try {
    for (const spec of DEMO_SPECS) {
      const proposal = include(ctx, spec);
      for (const step of spec.steps) {
        await step(ctx, proposal);
      }
      if (proposal.situation !== spec.situation) {
        throw new Error(`demo proposal ${spec.label} ended in situation ${proposal.situation}, not ${spec.situation}`);
      }
      out.push({ id: proposal.id, number: proposal.number, operationCode: proposal.operationCode, situation: proposal.situation, label: spec.label });
    }
  } catch (err) {
    if (err instanceof SandboxFailure) {
      throw new Error(`demo data refused: ${err.message} ${err.items.map((i) => i.description).join(' ')}`);
    }
    throw err;
  }
  return out;
}
