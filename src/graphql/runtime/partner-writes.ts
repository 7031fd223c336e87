import { type WriteOperation } from '../../shared/partner-operations.js';
import { type FieldPaths } from '../common/field-paths.js';
import { type UserErrors } from '../common/user-error-table.js';
import { type ProbeFamily } from './in-doubt.js';

/**
 * One partner write a mutation sends, as its feature folder declares it: where the partner's request
 * fields land in the mutation's input (for a rejection's `field`), and the partner read that settles
 * it when its answer was lost (docs/in-doubt.md; none for guarantors, signers and documents).
 */
export interface PartnerWriteDeclaration {
  readonly fieldPaths: FieldPaths;
  readonly probe?: ProbeFamily;
}

/**
 * A mutation (or a family of mutations sharing one payload), declared once in its feature folder
 * (`<noun>.errors.ts`): its user errors (enum, partner-code map, messages) and the partner writes it
 * sends. graphql/mutations.ts lists them; the probes, the user error registry and docs/errors.md are
 * derived from that list.
 */
export interface MutationDeclaration {
  readonly errors: UserErrors;
  readonly writes: Readonly<Partial<Record<WriteOperation, PartnerWriteDeclaration>>>;
}
