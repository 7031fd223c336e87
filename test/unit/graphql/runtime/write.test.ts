import { deriveIdempotencyKey, provenNotApplied, rejectionUserErrors } from '../../../../src/graphql/runtime/write.js';
import { mobileRule, validateInput } from '../../../../src/graphql/common/validation.js';
import { SignerInviteInput } from '../../../../src/graphql/signature/signature.input.js';
import { base64DecodedBytes, normalizeExtension } from '../../../../src/graphql/document/document.input.js';
import { type FieldPaths, graphFieldPath } from '../../../../src/graphql/common/field-paths.js';
import { MUTATIONS } from '../../../../src/graphql/mutations.js';
import { type WriteOperation } from '../../../../src/shared/partner-operations.js';
import {
  type UpstreamMessage,
  UpstreamCircuitOpenError,
  UpstreamForbiddenError,
  UpstreamRejectedError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
} from '../../../../src/upstream/index.js';

/** The field paths a mutation declares for `operation` (none for an operation no mutation sends). */
const pathsOf = (operation: string): FieldPaths =>
  MUTATIONS.map((mutation) => mutation.writes[operation as WriteOperation]?.fieldPaths).find((paths) => paths !== undefined) ?? {};

describe('deriveIdempotencyKey', () => {
  it('is deterministic per operation, caller and client key, and UUID-shaped', () => {
    const key = deriveIdempotencyKey('IncluirManual', 'caller-a', 'k1');
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deriveIdempotencyKey('IncluirManual', 'caller-a', 'k1')).toBe(key);
    expect(deriveIdempotencyKey('IncluirManual', 'caller-b', 'k1')).not.toBe(key);
    expect(deriveIdempotencyKey('IncluirAvalista', 'caller-a', 'k1')).not.toBe(key);
    expect(deriveIdempotencyKey('IncluirManual', 'caller-a', 'k2')).not.toBe(key);
    expect(key).not.toContain('k1');
  });
});

describe('rejectionUserErrors', () => {
  it('reports catalogue codes and English meanings, never the upstream text', () => {
    const errors = rejectionUserErrors(
      new UpstreamRejectedError('x', {
        operation: 'IncluirAssinaturaCCB',
        items: [
          {
            code: 'T0668',
            detail: 'D0006',
            field: 'assinantes[0].email',
            description: 'E-mail inválido do assinante Maria da Silva',
            meaning: 'invalid e-mail (names the signer)',
          },
          { code: 'X9999', detail: '', field: '', description: 'algo', meaning: undefined },
        ],
      }),
      pathsOf('IncluirAssinaturaCCB'),
    );
    expect(errors.map((e) => ({ ...e }))).toEqual([
      { code: 'REJECTED', field: ['input', 'signers', '0', 'email'], message: 'invalid e-mail (names the signer)', upstreamCode: 'T0668/D0006' },
      { code: 'REJECTED', field: null, message: 'The credit partner rejected the operation.', upstreamCode: 'X9999' },
    ]);
    const forbidden = rejectionUserErrors(new UpstreamForbiddenError('x', { operation: 'IncluirDocumento', items: [] }));
    expect(forbidden.map((e) => [e.code, e.upstreamCode])).toEqual([['FORBIDDEN', null]]);
  });

  const item = (code: string, detail: string, field = ''): UpstreamMessage => ({ code, detail, field, description: 'texto do parceiro', meaning: undefined });

  it('gives codes observed from the partner (not in the contract catalogue) their English meaning', () => {
    const errors = rejectionUserErrors(
      new UpstreamRejectedError('x', {
        operation: 'IncluirLancamentoParcela',
        items: [item('C0200', 'V0001', 'dto.codigoProposta'), item('C0202', 'V0002', 'dtoLancamentoParcela.vlrPagamento'), item('S0004', 'V0001')],
      }),
      pathsOf('IncluirLancamentoParcela'),
    );
    expect(errors.map((e) => ({ ...e }))).toEqual([
      { code: 'REJECTED', field: null, message: 'The proposal has no receivables agenda yet (it was never disbursed).', upstreamCode: 'C0200/V0001' },
      {
        code: 'REJECTED',
        field: ['input', 'payment', 'amount'],
        message: 'The payment plus the discount exceeds the installment balance.',
        upstreamCode: 'C0202/V0002',
      },
      { code: 'REJECTED', field: null, message: 'The guarantor document is not a valid CPF or CNPJ.', upstreamCode: 'S0004/V0001' },
    ]);
  });

  it('maps a partner 409 I0001/V0001 to IDEMPOTENCY_KEY_REUSED', () => {
    const errors = rejectionUserErrors(new UpstreamRejectedError('x', { operation: 'GerarMultiplosBoletos', status: 409, items: [item('I0001', 'V0001')] }));
    expect(errors.map((e) => ({ ...e }))).toEqual([
      {
        code: 'IDEMPOTENCY_KEY_REUSED',
        field: ['idempotencyKey'],
        message: 'This idempotencyKey was already used with a different request.',
        upstreamCode: 'I0001/V0001',
      },
    ]);
  });
});

describe('graphFieldPath', () => {
  it('maps known upstream fields to the graph input path, indexes carried over', () => {
    expect(graphFieldPath(pathsOf('IncluirLancamentoParcela'), 'dtoLancamentoParcela.vlrPagamento')).toEqual(['input', 'payment', 'amount']);
    expect(graphFieldPath(pathsOf('IncluirLancamentoMultiplasParcelas'), 'dtoLancamentoParcelas[2].vlrDesconto')).toEqual([
      'input',
      'payments',
      '2',
      'discount',
    ]);
    expect(graphFieldPath(pathsOf('IncluirAssinaturaCCB'), 'assinantes[1].email')).toEqual(['input', 'signers', '1', 'email']);
    expect(graphFieldPath(pathsOf('IncluirAssinaturaCCB'), 'assinantes[0].telefoneCelular')).toEqual(['input', 'signers', '0', 'mobilePhone']);
    expect(graphFieldPath(pathsOf('IncluirAvalista'), 'avalista.avalistaPF.vlrRendimentoTrabalho')).toEqual(['input', 'individual', 'monthlyIncome']);
    expect(graphFieldPath(pathsOf('IncluirManual'), 'dto.vlrSolicitado')).toEqual(['input', 'requestedAmount']);
    expect(graphFieldPath(pathsOf('GerarMultiplosBoletos'), 'dtoGerarMultiplosBoletos.parcelas[0].dtVencimento')).toEqual([
      'input',
      'installments',
      '0',
      'dueDate',
    ]);
  });

  it('passes an unknown upstream field as given, and gives null for no field or the proposal locator', () => {
    expect(graphFieldPath(pathsOf('IncluirAvalista'), 'avalista.avalistaPF.desconhecido')).toEqual(['avalista.avalistaPF.desconhecido']);
    expect(graphFieldPath(pathsOf('OperacaoNova'), 'dto.x')).toEqual(['dto.x']);
    expect(graphFieldPath(pathsOf('IncluirAssinaturaCCB'), '')).toBeNull();
    expect(graphFieldPath(pathsOf('IncluirAssinaturaCCB'), 'codigoProposta')).toBeNull();
    expect(graphFieldPath(pathsOf('CancelarProposta'), 'CodigoProposta')).toBeNull();
  });
});

describe('validation rules', () => {
  it('names the mobile rule that failed with its catalogue code', () => {
    expect(mobileRule('11987654321')).toBeUndefined();
    expect(mobileRule('(21) 6123-45678')).toBeUndefined();
    expect(mobileRule('1198765432')).toBe('T0668/D0008');
    expect(mobileRule('01987654321')).toBe('T0668/D0009');
    expect(mobileRule('11587654321')).toBe('T0668/D0010');
  });

  it('validates a signer with field paths and codes', async () => {
    const signer = Object.assign(new SignerInviteInput(), {
      name: '',
      email: 'x@',
      document: '11111111111',
      mobilePhone: '11 98765 4321',
      notifyByEmail: true,
      notifyByChat: false,
      notifySms: false,
    });
    const errors = await validateInput(signer, ['input', 'signers', '0']);
    expect(errors.map((e) => [e.field?.join('.'), e.upstreamCode])).toEqual([
      ['input.signers.0.name', 'T0668/D0003'],
      ['input.signers.0.email', 'T0668/D0001'],
      ['input.signers.0.document', 'T0668/D0004'],
    ]);
  });

  it('normalizes extensions and measures base64 payloads', () => {
    expect(normalizeExtension('.PDF ')).toBe('pdf');
    expect(base64DecodedBytes(Buffer.alloc(10).toString('base64'))).toBe(10);
    expect(base64DecodedBytes(Buffer.alloc(11).toString('base64'))).toBe(11);
    expect(base64DecodedBytes(Buffer.alloc(12).toString('base64'))).toBe(12);
  });
});

describe('provenNotApplied', () => {
  it('takes a call refused by the open circuit (never sent) and a 5xx as not applied, a timeout or a reset as in doubt', () => {
    expect(provenNotApplied(new UpstreamCircuitOpenError('open', { operation: 'IncluirManual', retryAfterSeconds: 3 }))).toBe(true);
    expect(provenNotApplied(new UpstreamUnavailableError('5xx', { operation: 'IncluirManual', status: 503 }))).toBe(true);
    expect(provenNotApplied(new UpstreamUnavailableError('reset', { operation: 'IncluirManual' }))).toBe(false);
    expect(provenNotApplied(new UpstreamTimeoutError('late', { operation: 'IncluirManual' }))).toBe(false);
  });
});
