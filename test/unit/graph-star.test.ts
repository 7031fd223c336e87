import { ESLint } from 'eslint';

/*
 * graphql/'s folders form a star around proposal/ (DESIGN.md, eslint.config.js): a noun folder imports
 * only proposal/, common/, runtime/ and scalars.js; proposal/ imports no noun folder. Each case is
 * linted as if it were a file at that path.
 */

const eslint = new ESLint();

/** The messages of no-restricted-imports for `source` linted as the file `path`. */
async function restricted(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = imported;\n`, { filePath: path });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('the star around graphql/proposal/, enforced by lint', () => {
  it.each([
    ['src/graphql/boleto/x.ts', "import { Proposal as imported } from '../proposal/proposal.type.js';"],
    ['src/graphql/boleto/x.ts', "import { nodeId as imported } from '../common/node.js';"],
    ['src/graphql/boleto/x.ts', "import { boletoNeeds as imported } from '../runtime/needs.js';"],
    ['src/graphql/boleto/x.ts', "import { DecimalScalar as imported } from '../scalars.js';"],
    ['src/graphql/boleto/x.ts', "import { fetchedAtOf as imported } from '../../upstream/index.js';"],
    ['src/graphql/proposal/x.ts', "import { nodeId as imported } from '../common/node.js';"],
    ['src/graphql/proposal/x.ts', "import { selectedFields as imported } from '../runtime/selection.js';"],
  ])('lets %s: %s', async (path, source) => {
    expect(await restricted(path, source)).toEqual([]);
  });

  it.each([
    ['src/graphql/boleto/x.ts', "import { AgendaDetail as imported } from '../agenda/agenda.type.js';", 'A noun folder of graphql/ imports only proposal/'],
    ['src/graphql/agenda/x.ts', "import { Boleto as imported } from '../boleto/boleto.type.js';", 'A noun folder of graphql/ imports only proposal/'],
    ['src/graphql/viewer/x.ts', "import { resolvers as imported } from '../schema.js';", 'A noun folder of graphql/ imports only proposal/'],
    ['src/graphql/installment/x.ts', "import { Person as imported } from '../person/person.type.js';", 'A noun folder of graphql/ imports only proposal/'],
    [
      'src/graphql/proposal/x.ts',
      "import { Installment as imported } from '../installment/proposal-installments.resolver.js';",
      'graphql/proposal/ is the hub of the star',
    ],
    ['src/graphql/proposal/x.ts', "import { Boleto as imported } from '../boleto/boleto.type.js';", 'graphql/proposal/ is the hub of the star'],
    ['src/graphql/boleto/x.ts', "import { createApp as imported } from '../../server/app.js';", 'graphql/ knows nothing of the server'],
  ])('refuses %s: %s', async (path, source, message) => {
    const messages = await restricted(path, source);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(message);
  });
});
