import { PAYMENT } from './agenda/payment.errors.js';
import { BOLETO } from './boleto/boleto.errors.js';
import { type UserErrors } from './common/user-error-table.js';
import { ATTACH_DOCUMENT } from './document/document.errors.js';
import { ADD_GUARANTOR } from './guarantor/guarantor.errors.js';
import { CANCEL_FGTS_PROPOSAL, CREATE_PROPOSAL } from './proposal/proposal.errors.js';
import { type MutationDeclaration } from './runtime/partner-writes.js';
import { SIGNERS } from './signature/signature.errors.js';

/**
 * Every mutation that writes to the partner, as its feature folder declares it (`<noun>.errors.ts`),
 * in the order docs/errors.md lists them. The probes (probes.ts), the user error registry below and
 * docs/errors.md's per-mutation sections (errors-doc.ts) are derived from this list.
 */
export const MUTATIONS: readonly MutationDeclaration[] = [CREATE_PROPOSAL, CANCEL_FGTS_PROPOSAL, SIGNERS, ATTACH_DOCUMENT, ADD_GUARANTOR, PAYMENT, BOLETO];

/** Every mutation family's user errors, by its messageKey prefix (`payment`, `signers`...). */
export const USER_ERROR_FAMILIES: Readonly<Record<string, UserErrors>> = Object.freeze(
  Object.fromEntries(MUTATIONS.map((mutation) => [mutation.errors.key, mutation.errors])),
);
