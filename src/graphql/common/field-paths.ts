/**
 * Where a partner rejection's `field` (a request path such as `dtoLancamentoParcela.vlrPagamento`
 * or `assinantes[1].email`) lives in the graph's input. Each mutation declares its operations'
 * tables beside its request mappers (`<noun>.errors.ts`): the mapper is the only place Portuguese
 * and English meet. `[]` stands for an array index, carried over in order (`assinantes[1].email` ->
 * `input.signers.1.email`).
 */

/** Partner request field -> graph input path (without `input.`), for one operation. */
export type FieldPaths = Readonly<Record<string, string>>;

/** Upstream fields that only locate the proposal: a failure naming them is about the proposal as a whole. */
const PROPOSAL_LOCATORS = new Set(['codigoproposta', 'dto.codigoproposta', 'numeroproposta', 'dto.numeroproposta']);

/** Each table with its keys lowercased (the partner's casing of a field name varies), built once per table. */
const LOWERCASED = new WeakMap<FieldPaths, ReadonlyMap<string, string>>();

function lowercased(table: FieldPaths): ReadonlyMap<string, string> {
  let map = LOWERCASED.get(table);
  if (map === undefined) {
    map = new Map(Object.entries(table).map(([upstream, graph]) => [upstream.toLowerCase(), graph]));
    LOWERCASED.set(table, map);
  }
  return map;
}

/**
 * The `UserError.field` for a partner rejection naming `upstreamField`, by the rejected operation's
 * `table`: the graph input path (`["input", "payment", "amount"]`) when the table knows the field;
 * the upstream field as given (`["avalista.avalistaPF.rg"]`) when it does not; `null` when the
 * partner names no field or only the proposal locator (`codigoProposta`).
 */
export function graphFieldPath(table: FieldPaths, upstreamField: string): string[] | null {
  const field = upstreamField.trim();
  if (field === '' || PROPOSAL_LOCATORS.has(field.toLowerCase())) {
    return null;
  }
  const indexes: string[] = [];
  const pattern = field.replace(/\[(\d+)\]/g, (_match, index: string) => {
    indexes.push(index);
    return '[]';
  });
  const graph = lowercased(table).get(pattern.toLowerCase());
  if (graph === undefined) {
    return [field];
  }
  let next = 0;
  const path = graph.replace(/\[\]/g, () => `.${indexes[next++] ?? '0'}`);
  return ['input', ...path.split('.')];
}
