import { onlyDigits } from '../../shared/documents.js';
import { Person } from './person.type.js';

/** A person of whom only the document (and maybe a name seen elsewhere) is known. */
export function personReference(document: string, knownName?: string | null): Person {
  return Object.assign(new Person(), { document: onlyDigits(document), knownName: knownName ?? null });
}

/** The name in a ConsultarPessoa `json` record, whichever of the usual keys carries it. */
export function personRecordName(json: unknown): string | null {
  if (json === null || typeof json !== 'object') {
    return null;
  }
  const record = json as Record<string, unknown>;
  for (const key of ['nome', 'Nome', 'razaoSocial', 'RazaoSocial', 'name']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') {
      return value;
    }
  }
  return null;
}
