import { documentKind, onlyDigits } from '../../shared/documents.js';
import { SandboxFailure } from '../envelope.js';
import { failRegistry } from '../registry/errors.js';
import { bureauReport, REGISTRY_CHILDREN, registryRecord, type RegistryChild, type RegistryRecord } from '../registry/synthetic.js';
import { optInteger, optObject, optString, reqObject, type Json } from './input.js';
import { type OperationContext, type OperationRoute } from './types.js';
import { CONSULTAR_CADASTRO_BUSCA, CONSULTAR_PESSOA, CONSULTA_BUREAU_CNPJ } from './registry.schemas.js';

/*
 * Registry and bureau queries over deterministic synthetic records (registry/synthetic.ts).
 * Choices the contract leaves open are documented in src/sandbox/README.md, section "Registry".
 */

/** The digits of a valid CPF/CNPJ, or the registry failure for a missing or invalid one. */
function requireDocument(value: string | undefined, field: string): string {
  if (value === undefined || value.trim() === '') {
    failRegistry('DocumentMissing', 'Informe o documento (CPF ou CNPJ).', field);
  }
  if (!documentKind(value)) {
    failRegistry('DocumentInvalid', 'Documento inválido: informe um CPF ou CNPJ com dígitos verificadores válidos.', field);
  }
  return onlyDigits(value);
}

/**
 * The one identity behind the person, registry and bureau answers of a document: the synthetic
 * record, named after the caller's own proposal client when one has this document.
 */
function recordFor(ctx: OperationContext, digits: string): RegistryRecord {
  const record = registryRecord(digits);
  for (const p of ctx.store.proposals.values()) {
    if (p.ownerClientId === ctx.clientId && onlyDigits(p.clientDocument) === digits && p.clientName) {
      record.nome = p.clientName;
      break;
    }
  }
  return record;
}

/**
 * POST /Pessoa/ConsultarPessoa. filter: documentoCliente (required), tipoRegistro (optional:
 * 1 individual, 2 legal entity; must match the document), childSearch (optional: one of
 * enderecos, emails, telefones, socios: `json` then carries that list), childDirectID (optional: the
 * `id` of one address, e-mail, phone or partner: `json` then carries that item).
 */
function consultarPessoa(ctx: OperationContext, body: Json): Json {
  const filter = reqObject(body, 'filter');
  const digits = requireDocument(optString(filter, 'documentoCliente', 'filter.documentoCliente'), 'filter.documentoCliente');
  const type = optInteger(filter, 'tipoRegistro', 'filter.tipoRegistro');
  const record = recordFor(ctx, digits);
  if (type !== undefined && type !== 0 && type !== record.tipoPessoa) {
    failRegistry('RegistrationTypeMismatch', `tipoRegistro ${type} não corresponde ao documento (1 pessoa física, 2 pessoa jurídica).`, 'filter.tipoRegistro');
  }
  const childSearch = optString(filter, 'childSearch', 'filter.childSearch')?.trim();
  const childId = optString(filter, 'childDirectID', 'filter.childDirectID')?.trim();
  let children: RegistryChild[] = [...REGISTRY_CHILDREN];
  if (childSearch) {
    const child = REGISTRY_CHILDREN.find((c) => c === childSearch.toLowerCase());
    if (!child) {
      failRegistry('ChildUnknown', `childSearch deve ser um de: ${REGISTRY_CHILDREN.join(', ')}.`, 'filter.childSearch');
    }
    children = [child];
  }
  if (childId) {
    const items: { id: string }[] = children.flatMap((c): { id: string }[] => record[c]);
    if (children.includes('enderecos')) {
      items.push(record.enderecoComercial);
    }
    const item = items.find((i) => i.id === childId);
    if (!item) {
      failRegistry('ChildNotFound', `Nenhum item com id ${childId}.`, 'filter.childDirectID');
    }
    return { json: JSON.stringify(item) };
  }
  return { json: JSON.stringify(childSearch ? record[children[0] as RegistryChild] : record) };
}

/**
 * POST /Bureau/ConsultarCadastroBusca. consulta.documento (CPF or CNPJ). `json` carries name,
 * addresses, business address, e-mails, phones, tax status and, for a CNPJ, partners. Failures
 * answer this operation's own shape: hasError true, `falha: true`, `json: null`.
 */
function consultarCadastroBusca(ctx: OperationContext, body: Json): Json {
  try {
    const consulta = reqObject(body, 'consulta');
    const digits = requireDocument(optString(consulta, 'documento', 'consulta.documento'), 'consulta.documento');
    return { falha: false, json: JSON.stringify(recordFor(ctx, digits)) };
  } catch (err) {
    // The one failure shape the contract gives this operation carries `falha`; keep the HTTP status
    // of request-shape failures (400) by rethrowing those.
    if (err instanceof SandboxFailure && err.status === 200) {
      return { msg: 'Falha na operação.', hasError: true, messages: err.items, falha: true, json: null };
    }
    throw err;
  }
}

/**
 * POST /Bureau/ConsultaBureauCnpj. The contract shows no request body: the sandbox reads the
 * document from `documento`, `cnpj` or `cpf`, at the top level or inside `dto` or `consulta`
 * (first found wins). The report's fields answer at the top level of the envelope, and the same
 * report is also given as a JSON string in `json`, like the other registry queries.
 */
function consultaBureauCnpj(ctx: OperationContext, body: Json): Json {
  const holders: [Json, string][] = [[body, '']];
  for (const key of ['dto', 'consulta']) {
    const inner = optObject(body, key);
    if (inner) {
      holders.push([inner, `${key}.`]);
    }
  }
  let found: [string, string] | undefined;
  for (const [holder, prefix] of holders) {
    for (const key of ['documento', 'cnpj', 'cpf']) {
      const value = optString(holder, key, `${prefix}${key}`);
      if (value !== undefined && value.trim() !== '') {
        found ??= [value, `${prefix}${key}`];
      }
    }
  }
  const digits = requireDocument(found?.[0], found?.[1] ?? 'documento');
  const report = bureauReport(recordFor(ctx, digits), ctx.clock.now());
  return { ...report, json: JSON.stringify(report) };
}

export const registryRoutes: OperationRoute[] = [
  { path: '/Pessoa/ConsultarPessoa', write: false, pascal: false, handler: consultarPessoa, doc: CONSULTAR_PESSOA },
  { path: '/Bureau/ConsultarCadastroBusca', write: false, pascal: false, handler: consultarCadastroBusca, doc: CONSULTAR_CADASTRO_BUSCA },
  { path: '/Bureau/ConsultaBureauCnpj', write: false, pascal: false, handler: consultaBureauCnpj, doc: CONSULTA_BUREAU_CNPJ },
];
