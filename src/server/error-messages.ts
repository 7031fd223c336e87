/**
 * Request-level messages in the request's language. graphql-js and Apollo Server write their
 * validation, parse and request messages in English; for a request whose `Accept-Language` prefers
 * Portuguese, the common ones are translated through {@link TRANSLATIONS}, a table keyed by the
 * message's pattern (names, types and values quoted in it are kept as they are). Messages the table
 * does not know stay English; codes, paths and locations never change. The graph's own
 * request-level messages (BAD_USER_INPUT of arguments, THROTTLED) are written in the request's
 * language where they are raised (docs/errors.md, "Values the graph cannot read").
 */
import { type ApolloServerPlugin, type BaseContext, type GraphQLRequestListener } from '@apollo/server';
import { negotiateLocale } from '../graphql/common/locale.js';

/** A graphql-js / Apollo message pattern and its Brazilian Portuguese wording (`$1`... are the captures). */
export const TRANSLATIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^Cannot query field "([^"]+)" on type "([^"]+)"\.$/, 'Não é possível consultar o campo "$1" no tipo "$2".'],
  [/^Cannot query field "([^"]+)" on type "([^"]+)"\. Did you mean (.+)\?$/, 'Não é possível consultar o campo "$1" no tipo "$2". Você quis dizer $3?'],
  [/^Unknown argument "([^"]+)" on field "([^"]+)"\.$/, 'Argumento desconhecido "$1" no campo "$2".'],
  [/^Unknown argument "([^"]+)" on field "([^"]+)"\. Did you mean (.+)\?$/, 'Argumento desconhecido "$1" no campo "$2". Você quis dizer $3?'],
  [
    /^Field "([^"]+)" argument "([^"]+)" of type "([^"]+)" is required, but it was not provided\.$/,
    'O argumento "$2" do campo "$1", do tipo "$3", é obrigatório e não foi informado.',
  ],
  [
    /^Field "([^"]+)" of type "([^"]+)" must have a selection of subfields\. Did you mean "([^"]+)"\?$/,
    'O campo "$1" do tipo "$2" precisa de uma seleção de subcampos. Você quis dizer "$3"?',
  ],
  [/^Field "([^"]+)" must not have a selection since type "([^"]+)" has no subfields\.$/, 'O campo "$1" não pode ter seleção: o tipo "$2" não tem subcampos.'],
  [/^Variable "\$([^"]+)" of required type "([^"]+)" was not provided\.$/, 'A variável "$$$1", do tipo obrigatório "$2", não foi informada.'],
  [/^Variable "\$([^"]+)" of non-null type "([^"]+)" must not be null\.$/, 'A variável "$$$1", do tipo não nulo "$2", não pode ser nula.'],
  [/^Variable "\$([^"]+)" is never used in operation "([^"]+)"\.$/, 'A variável "$$$1" nunca é usada na operação "$2".'],
  [/^Variable "\$([^"]+)" is never used\.$/, 'A variável "$$$1" nunca é usada.'],
  [/^Variable "\$([^"]+)" is not defined by operation "([^"]+)"\.$/, 'A variável "$$$1" não é definida pela operação "$2".'],
  [/^Variable "\$([^"]+)" is not defined\.$/, 'A variável "$$$1" não é definida.'],
  [/^Variable "\$([^"]+)" got invalid value (.*)$/, 'A variável "$$$1" recebeu um valor inválido $2'],
  [/^Unknown type "([^"]+)"\.(?: Did you mean (.+)\?)?$/, 'Tipo desconhecido "$1".'],
  [/^Unknown fragment "([^"]+)"\.$/, 'Fragmento desconhecido "$1".'],
  [/^Fragment "([^"]+)" is never used\.$/, 'O fragmento "$1" nunca é usado.'],
  [/^Expected value of type "([^"]+)", found (.+)$/, 'Era esperado um valor do tipo "$1"; encontrado $2'],
  [/^(\w+) cannot represent a non-string and non-integer value: (.+)$/, '$1 não representa um valor que não seja texto nem inteiro: $2'],
  [/^(\w+) cannot represent value: (.+)$/, '$1 não representa o valor: $2'],
  [/^(\w+) cannot represent a non-integer value: (.+)$/, '$1 não representa um valor não inteiro: $2'],
  [/^(\w+) cannot represent a non boolean value: (.+)$/, '$1 não representa um valor não booleano: $2'],
  [/^(\w+) cannot represent a non string value: (.+)$/, '$1 não representa um valor que não seja texto: $2'],
  [/^Syntax Error: (.+)$/, 'Erro de sintaxe: $1'],
  [/^Must provide operation name if query contains multiple operations\.$/, 'Informe o nome da operação: o documento tem várias operações.'],
  [/^Unknown operation named "([^"]+)"\.$/, 'Operação desconhecida "$1".'],
  [/^PersistedQueryNotFound$/, 'Consulta persistida não encontrada (PersistedQueryNotFound): envie o documento completo.'],
  [/^Internal server error$/, 'Erro interno do servidor'],
];

/** `message` in Brazilian Portuguese when the table knows its pattern; as it is otherwise. */
export function translateMessage(message: string): string {
  for (const [pattern, wording] of TRANSLATIONS) {
    if (pattern.test(message)) {
      return message.replace(pattern, wording);
    }
  }
  return message;
}

/** graphql-js's refusal of a variable's value: the variable, the path inside it (when nested) and the reason. */
const VARIABLE_VALUE = /^Variable "\$([^"]+)" got invalid value .*?(?: at "([^"]+)")?; (.+)$/s;

/** A `BAD_USER_INPUT` item of a value graphql-js refused (an `ID` that is a number with decimals, a boolean): the variable's path in `field`. */
export function variableUserError(message: string, locale: 'en' | 'pt-BR'): { code: string; field: string[]; message: string; upstreamCode: null } | undefined {
  const found = VARIABLE_VALUE.exec(message);
  if (found === null) {
    return undefined;
  }
  const [, variable = '', at, reason = ''] = found;
  const field = at === undefined ? [variable] : at.split('.');
  return { code: 'INVALID_INPUT', field, message: locale === 'pt-BR' ? 'Valor inválido no campo indicado.' : reason, upstreamCode: null };
}

/**
 * Gives every `BAD_USER_INPUT` graphql-js raised for a variable's value its `userErrors` item (the
 * field path, as the graph's own refusals carry), and translates the answer's messages for a request
 * that prefers Portuguese.
 */
export function localizedErrorsPlugin<TContext extends BaseContext>(): ApolloServerPlugin<TContext> {
  // Nothing of one request is kept: the same listener serves all of them, and the language is read only for an answer with errors.
  const listener: GraphQLRequestListener<TContext> = {
    async willSendResponse({ request, response }) {
      if (response.body.kind !== 'single' || response.body.singleResult.errors === undefined) {
        return;
      }
      const locale = negotiateLocale(request.http?.headers.get('accept-language'));
      response.body.singleResult.errors = response.body.singleResult.errors.map((error) => {
        const item =
          error.extensions?.['code'] === 'BAD_USER_INPUT' && error.extensions['userErrors'] === undefined
            ? variableUserError(error.message, locale)
            : undefined;
        const extensions = item === undefined ? error.extensions : { ...error.extensions, userErrors: [item] };
        return {
          ...error,
          message: locale === 'pt-BR' ? translateMessage(error.message) : error.message,
          ...(extensions === undefined ? {} : { extensions }),
        };
      });
    },
  };
  return {
    async requestDidStart() {
      return listener;
    },
  };
}
