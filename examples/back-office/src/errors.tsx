import { CombinedGraphQLErrors } from '@apollo/client';
import { type ReactNode } from 'react';

/** A mutation's business error, as every payload's `userErrors` carries it. */
export interface UserErrorLike {
  code: string;
  field: readonly string[] | null;
  message: string;
  upstreamCode?: string | null;
}

/** The errors of one submission: by input path ("input.payment.amount"), and the rest for the form. */
export interface FormErrors {
  byField: Map<string, UserErrorLike[]>;
  form: UserErrorLike[];
}

export const NO_ERRORS: FormErrors = { byField: new Map(), form: [] };

/**
 * Places each user error on the input it names: its `field` path joined with dots, on the form's
 * input of that path or of the nearest path above it (`input.installments.0.number` on the
 * installments input); on the form otherwise (no field, or a partner field with no input here).
 */
export function placeErrors(errors: readonly UserErrorLike[], fields: readonly string[]): FormErrors {
  const byField = new Map<string, UserErrorLike[]>();
  const form: UserErrorLike[] = [];
  for (const error of errors) {
    const path = error.field?.join('.');
    const input =
      path === undefined ? undefined : fields.filter((field) => path === field || path.startsWith(`${field}.`)).sort((a, b) => b.length - a.length)[0];
    if (input === undefined) {
      form.push(error);
    } else {
      byField.set(input, [...(byField.get(input) ?? []), error]);
    }
  }
  return { byField, form };
}

/** A failure that is not a business error (transport, authentication, limits): its extensions.code. */
export function requestError(error: unknown): UserErrorLike {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    return { code: String(first?.extensions?.code ?? 'GRAPHQL_ERROR'), field: null, message: first?.message ?? error.message };
  }
  return { code: 'NETWORK_ERROR', field: null, message: error instanceof Error ? error.message : String(error) };
}

function ErrorText({ errors, testId }: { errors: readonly UserErrorLike[]; testId: string }): ReactNode {
  if (errors.length === 0) {
    return null;
  }
  return (
    <p className="error" role="alert" data-testid={testId}>
      {errors.map((error) => (
        <span key={`${error.code}:${error.message}`} data-code={error.code}>
          {error.message} <code>{error.code}</code>
          {error.upstreamCode ? <code> {error.upstreamCode}</code> : null}
        </span>
      ))}
    </p>
  );
}

/** The errors of the input at `path`, under it. */
export function FieldError({ errors, path }: { errors: FormErrors; path: string }): ReactNode {
  return <ErrorText errors={errors.byField.get(path) ?? []} testId={`error:${path}`} />;
}

/** The errors no input of the form holds. */
export function FormError({ errors }: { errors: FormErrors }): ReactNode {
  return <ErrorText errors={errors.form} testId="error:form" />;
}

/** A labelled input of a form, with its path's errors under it. */
export function Field({ label, path, errors, children }: { label: string; path: string; errors: FormErrors; children: ReactNode }): ReactNode {
  return (
    <label className={errors.byField.has(path) ? 'field invalid' : 'field'} data-field={path}>
      <span>{label}</span>
      {children}
      <FieldError errors={errors} path={path} />
    </label>
  );
}
