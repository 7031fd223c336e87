import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Field, FormError, type FormErrors, NO_ERRORS, placeErrors, requestError, type UserErrorLike } from './errors';
import { day, instant, money, situationLabel } from './format';
import { graphql } from './gql';
import { type InstallmentRowFragment } from './gql/graphql';
import { useIntentKey } from './intent';
import { useProposalLive } from './live';

export const INSTALLMENT_ROW = graphql(`
  fragment InstallmentRow on Installment {
    id
    number
    amount
    dueDate
    situation
    paidAmount
    balance
    boletos {
      id
      number
      digitableLine
    }
  }
`);

export const BOLETO_ROW = graphql(`
  fragment BoletoRow on Boleto {
    id
    number
    installmentNumbers
    amount
    dueDate
    digitableLine
  }
`);

export const AGENDA_TOTALS = graphql(`
  fragment AgendaTotals on AgendaDetail {
    id
    situation
    totalPaid
    settledAt
  }
`);

export const PROPOSAL_DETAIL = graphql(`
  query ProposalDetail($id: ID!) {
    proposal(id: $id) {
      id
      number
      operationCode
      situation
      situationCode
      rejectionReason
      financedAmount
      monthlyInterestRate
      installmentCount
      createdAt
      client {
        id
        name
        document
      }
      clientSource
      installments {
        ...InstallmentRow
      }
      agenda {
        ...AgendaTotals
      }
      boletos {
        ...BoletoRow
      }
      signers {
        id
        name
        email
        status
        signedAt
      }
    }
  }
`);

export const REGISTER_PAYMENT = graphql(`
  mutation RegisterPayment($input: RegisterInstallmentPaymentInput!, $idempotencyKey: String!) {
    registerInstallmentPayment(input: $input, idempotencyKey: $idempotencyKey) {
      paidInstallments {
        ...InstallmentRow
      }
      proposal {
        id
        agenda {
          ...AgendaTotals
        }
      }
      userErrors {
        code
        field
        message
        upstreamCode
      }
    }
  }
`);

export const GENERATE_BOLETO = graphql(`
  mutation GenerateBoleto($input: GenerateBoletosInput!, $idempotencyKey: String!) {
    generateBoletos(input: $input, idempotencyKey: $idempotencyKey) {
      boletos {
        ...BoletoRow
      }
      installments {
        id
        boletos {
          id
          number
          digitableLine
        }
      }
      proposal {
        id
        boletos {
          ...BoletoRow
        }
      }
      userErrors {
        code
        field
        message
        upstreamCode
      }
    }
  }
`);

/** Sends a write and places its user errors; `done` runs when it succeeded. */
async function submitWrite(
  send: () => Promise<readonly UserErrorLike[] | undefined>,
  fields: readonly string[],
  setErrors: (errors: FormErrors) => void,
  done: () => void,
): Promise<void> {
  try {
    const userErrors = await send();
    if (userErrors === undefined) {
      return;
    }
    setErrors(placeErrors(userErrors, fields));
    if (userErrors.length === 0) {
      done();
    }
  } catch (error) {
    setErrors({ byField: new Map(), form: [requestError(error)] });
  }
}

const PAYMENT_FIELDS = ['input.payment.installmentNumber', 'input.payment.amount', 'input.payment.description'];

function PaymentForm({ proposalId, installments }: { proposalId: string; installments: readonly InstallmentRowFragment[] }): ReactNode {
  const [values, setValues] = useState({
    installmentNumber: String(installments.find((i) => i.situation !== 'SETTLED')?.number ?? 1),
    amount: '',
    description: '',
  });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [done, setDone] = useState<string | null>(null);
  const intent = useIntentKey();
  const [pay, { loading }] = useMutation(REGISTER_PAYMENT);

  function submit(event: FormEvent): void {
    event.preventDefault();
    const input = {
      proposalId,
      payment: {
        installmentNumber: Number.parseInt(values.installmentNumber, 10),
        amount: values.amount,
        ...(values.description === '' ? {} : { description: values.description }),
      },
    };
    setDone(null);
    void submitWrite(
      async () => (await pay({ variables: { input, idempotencyKey: intent.keyFor(input) } })).data?.registerInstallmentPayment.userErrors,
      PAYMENT_FIELDS,
      setErrors,
      () => {
        intent.done();
        setDone(`Payment of ${money(values.amount)} registered on installment ${values.installmentNumber}.`);
        setValues({ ...values, amount: '', description: '' });
      },
    );
  }

  return (
    <form className="card" onSubmit={submit} data-testid="register-payment" noValidate>
      <h3>Register a payment</h3>
      <div className="grid">
        <Field label="Installment" path="input.payment.installmentNumber" errors={errors}>
          <select
            name="installmentNumber"
            value={values.installmentNumber}
            onChange={(event) => setValues({ ...values, installmentNumber: event.target.value })}
          >
            {installments.map((installment) => (
              <option key={installment.id} value={installment.number}>
                {installment.number}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Amount (R$)" path="input.payment.amount" errors={errors}>
          <input
            name="amount"
            inputMode="decimal"
            placeholder="100.00"
            value={values.amount}
            onChange={(event) => setValues({ ...values, amount: event.target.value })}
          />
        </Field>
        <Field label="Description" path="input.payment.description" errors={errors}>
          <input name="description" value={values.description} onChange={(event) => setValues({ ...values, description: event.target.value })} />
        </Field>
      </div>
      <FormError errors={errors} />
      {done ? (
        <p className="ok" data-testid="payment-done">
          {done}
        </p>
      ) : null}
      <button type="submit" disabled={loading}>
        Register payment
      </button>
    </form>
  );
}

function BoletoForm({ proposalId, installments }: { proposalId: string; installments: readonly InstallmentRowFragment[] }): ReactNode {
  const [installmentNumber, setInstallmentNumber] = useState(
    String(installments.find((i) => i.boletos.length === 0 && i.situation !== 'SETTLED')?.number ?? 1),
  );
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [done, setDone] = useState<string | null>(null);
  const intent = useIntentKey();
  const [generate, { loading }] = useMutation(GENERATE_BOLETO);

  function submit(event: FormEvent): void {
    event.preventDefault();
    const input = { proposalId, installments: [{ number: Number.parseInt(installmentNumber, 10) }] };
    setDone(null);
    void submitWrite(
      async () => {
        const result = (await generate({ variables: { input, idempotencyKey: intent.keyFor(input) } })).data?.generateBoletos;
        if (result && result.userErrors.length === 0) {
          setDone(`Boleto ${result.boletos.map((boleto) => boleto.number).join(', ')} generated for installment ${installmentNumber}.`);
        }
        return result?.userErrors;
      },
      ['input.installments'],
      setErrors,
      () => intent.done(),
    );
  }

  return (
    <form className="card" onSubmit={submit} data-testid="generate-boleto" noValidate>
      <h3>Generate a boleto</h3>
      <Field label="Installment" path="input.installments" errors={errors}>
        <select name="boletoInstallment" value={installmentNumber} onChange={(event) => setInstallmentNumber(event.target.value)}>
          {installments.map((installment) => (
            <option key={installment.id} value={installment.number}>
              {installment.number}
            </option>
          ))}
        </select>
      </Field>
      <FormError errors={errors} />
      {done ? (
        <p className="ok" data-testid="boleto-done">
          {done}
        </p>
      ) : null}
      <button type="submit" disabled={loading}>
        Generate boleto
      </button>
    </form>
  );
}

/** A proposal: its client, installments, agenda, boletos and signers, with its situation live. */
export function ProposalDetail({ id }: { id: string }): ReactNode {
  const { data, loading, error } = useQuery(PROPOSAL_DETAIL, { variables: { id } });
  const live = useProposalLive(id);
  if (loading && !data) {
    return <p>Loading…</p>;
  }
  if (error) {
    return (
      <p className="error" role="alert">
        {requestError(error).message}
      </p>
    );
  }
  const proposal = data?.proposal;
  if (!proposal) {
    return <p data-testid="not-found">No proposal {id} (or not yours to see).</p>;
  }
  const installments = proposal.installments ?? [];
  return (
    <section data-testid="proposal-detail" data-proposal-id={proposal.id}>
      <p>
        <a href="#/">← My proposals</a>
      </p>
      <div className="card">
        <h2>
          Proposal {proposal.number}{' '}
          <span className={`badge situation-${proposal.situation}`} data-testid="situation">
            {situationLabel(proposal.situation)}
          </span>{' '}
          <span className={`badge live-${live}`} data-testid="live-status" title="Live updates">
            {live}
          </span>
        </h2>
        <dl className="grid">
          <dt>Operation code</dt>
          <dd>{proposal.operationCode ?? '—'}</dd>
          <dt>Client</dt>
          <dd data-testid="client">
            {proposal.client ? `${proposal.client.name ?? '—'} (${proposal.client.document})` : '—'}
            {proposal.clientSource ? <small> {proposal.clientSource === 'SUBMITTED' ? 'as submitted' : 'from the partner'}</small> : null}
          </dd>
          <dt>Financed</dt>
          <dd>{money(proposal.financedAmount)}</dd>
          <dt>Monthly interest</dt>
          <dd>{proposal.monthlyInterestRate}%</dd>
          <dt>Created</dt>
          <dd>{instant(proposal.createdAt)}</dd>
          {proposal.rejectionReason ? (
            <>
              <dt>Rejection reason</dt>
              <dd>{proposal.rejectionReason}</dd>
            </>
          ) : null}
        </dl>
      </div>

      <div className="card">
        <h3>Installments</h3>
        <table data-testid="installments">
          <thead>
            <tr>
              <th>#</th>
              <th>Due</th>
              <th>Amount</th>
              <th>Situation</th>
              <th>Paid</th>
              <th>Balance</th>
              <th>Boletos</th>
            </tr>
          </thead>
          <tbody>
            {installments.map((installment) => (
              <tr key={installment.id} data-installment={installment.number}>
                <td>{installment.number}</td>
                <td>{day(installment.dueDate)}</td>
                <td>{money(installment.amount)}</td>
                <td data-col="situation">{installment.situation}</td>
                <td data-col="paid">{money(installment.paidAmount)}</td>
                <td data-col="balance">{money(installment.balance)}</td>
                <td data-col="boletos">{installment.boletos.map((boleto) => boleto.number).join(', ') || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="card" data-testid="agenda">
        <h3>Receivables agenda</h3>
        {proposal.agenda ? (
          <p>
            {proposal.agenda.situation} · total paid <strong data-testid="total-paid">{money(proposal.agenda.totalPaid)}</strong>
            {proposal.agenda.settledAt ? ` · settled ${instant(proposal.agenda.settledAt)}` : ''}
          </p>
        ) : (
          <p>No agenda until the proposal is disbursed.</p>
        )}
      </div>

      <div className="card">
        <h3>Boletos</h3>
        <table data-testid="boletos">
          <thead>
            <tr>
              <th>Number</th>
              <th>Installments</th>
              <th>Amount</th>
              <th>Due</th>
              <th>Digitable line</th>
            </tr>
          </thead>
          <tbody>
            {(proposal.boletos ?? []).map((boleto) => (
              <tr key={boleto.id} data-boleto={boleto.number}>
                <td>{boleto.number}</td>
                <td>{boleto.installmentNumbers.join(', ')}</td>
                <td>{money(boleto.amount)}</td>
                <td>{day(boleto.dueDate)}</td>
                <td>
                  <code>{boleto.digitableLine}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="card">
        <h3>Signers</h3>
        {proposal.signers.length === 0 ? (
          <p data-testid="signers">No signers invited through the graph.</p>
        ) : (
          <ul data-testid="signers">
            {proposal.signers.map((signer) => (
              <li key={signer.id}>
                {signer.name} ({signer.email}): {signer.status}
                {signer.signedAt ? `, ${instant(signer.signedAt)}` : ''}
              </li>
            ))}
          </ul>
        )}
      </div>

      {proposal.agenda ? (
        <div className="writes">
          <PaymentForm proposalId={proposal.id} installments={installments} />
          <BoletoForm proposalId={proposal.id} installments={installments} />
        </div>
      ) : null}
    </section>
  );
}
