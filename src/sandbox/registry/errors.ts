import { SandboxFailure, message } from '../envelope.js';

/**
 * Catalogue codes of the registry and bureau operations (Pessoa/*, Bureau/*), sandbox-defined in
 * the contract's style; listed in src/sandbox/README.md, section "Registry". HTTP 200 with hasError.
 */
export const RegistryCode = {
  /** No document was sent. */
  DocumentMissing: ['C0210', 'V0001'],
  /** The document is not a CPF or CNPJ with valid check digits. */
  DocumentInvalid: ['C0210', 'V0002'],
  /** tipoRegistro is not 1 (individual) or 2 (legal entity), or disagrees with the document. */
  RegistrationTypeMismatch: ['C0210', 'V0003'],
  /** childSearch names no collection of the record. */
  ChildUnknown: ['C0210', 'V0004'],
  /** childDirectID names no item of the record. */
  ChildNotFound: ['C0210', 'V0005'],
} as const satisfies Record<string, readonly [string, string]>;

/** Throws the registry failure `which` (HTTP 200, hasError). */
export function failRegistry(which: keyof typeof RegistryCode, description: string, field = ''): never {
  const [code, context] = RegistryCode[which];
  throw new SandboxFailure(message(code, context, description, field));
}
