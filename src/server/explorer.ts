/**
 * The offline explorer: GraphiQL, served by the graph itself in development. The page, its
 * scripts (GraphiQL's UMD build, React and ReactDOM from node_modules) and its stylesheet all come
 * from the graph's origin, so it works on a machine without internet; a Content-Security-Policy
 * keeps it that way. Its tabs hold every operation of schema/operations/: the examples (examples.ts) with
 * the demo ids filled in first, then the others with variables made from the demo data. A credential
 * field (kept for the tab in sessionStorage) authenticates every request, the schema's included, as
 * HTTP `Authorization` and as graphql-ws `connectionParams.authorization`, so subscriptions run too;
 * the page says which caller it runs as (`viewer`).
 *
 * GraphiQL and React are development dependencies: they are read from disk on the first request,
 * never imported, and never in production (where the explorer is off).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { readdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Kind, parse, type OperationDefinitionNode, print } from 'graphql';
import { type ExampleOperation, readExampleOperations } from './examples.js';
import { projectRoot } from '../shared/project-root.js';

/** Where the explorer's files are served. */
export const EXPLORER_ASSET_PATH = '/explorer/';

/** One pre-filled tab. */
export interface ExplorerTab {
  query: string;
  variables?: string;
}

/** Options of {@link createExplorer}. */
export interface ExplorerOptions {
  /** The GraphQL endpoint path the page queries (default `/graphql`). */
  endpoint?: string;
  /** Replacements of placeholders in the examples' variables, e.g. `{ '<disbursed id>': '0b6f…' }`. */
  placeholders?: Readonly<Record<string, string>>;
  /** The folder of example operations (default: the repository's schema/operations/). */
  operationsDir?: string;
}

/** One file the explorer serves. */
export interface ExplorerAsset {
  contentType: string;
  body: Buffer;
}

/** The explorer's page and files. */
export interface Explorer {
  /** The HTML page. */
  page(): Promise<string>;
  /** A file under {@link EXPLORER_ASSET_PATH}, or undefined for an unknown name. */
  asset(name: string): Promise<ExplorerAsset | undefined>;
  /** The Content-Security-Policy of the page: everything from the graph's own origin. */
  readonly contentSecurityPolicy: string;
}

const ROOT = projectRoot(import.meta.url);

/** The served files: name -> module path and content type. */
const FILES: Readonly<Record<string, { packageName: string; file: string; contentType: string }>> = {
  'react.production.min.js': { packageName: 'react', file: 'umd/react.production.min.js', contentType: 'text/javascript; charset=utf-8' },
  'react-dom.production.min.js': { packageName: 'react-dom', file: 'umd/react-dom.production.min.js', contentType: 'text/javascript; charset=utf-8' },
  'graphiql.min.js': { packageName: 'graphiql', file: 'graphiql.min.js', contentType: 'text/javascript; charset=utf-8' },
  'graphiql.min.css': { packageName: 'graphiql', file: 'graphiql.min.css', contentType: 'text/css; charset=utf-8' },
  // The subscription transport's browser build: GraphiQL's own fetcher needs a client to run subscriptions.
  'graphql-ws.min.js': { packageName: 'graphql-ws', file: 'umd/graphql-ws.min.js', contentType: 'text/javascript; charset=utf-8' },
};

/**
 * Variables of an operation without a `# variables:` line, by variable name, from the demo data
 * (placeholders are replaced like the examples'): enough to run each tab as it opens.
 */
const DEMO_VARIABLES: Readonly<Record<string, unknown>> = {
  id: '<disbursed id>',
  ids: ['<disbursed id>', '<approved id>'],
  operationCode: 'DEMO-DISBURSED',
  first: 10,
  document: '52998224725',
};

/** Every named operation of the `.graphql` files of `dir` that is not among `examples`, with variables from {@link DEMO_VARIABLES}. */
export async function otherOperations(dir: string, examples: readonly ExampleOperation[]): Promise<ExampleOperation[]> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.graphql')).sort();
  const known = new Set(examples.map((example) => example.name));
  const found: ExampleOperation[] = [];
  for (const name of names) {
    let definitions: readonly OperationDefinitionNode[];
    try {
      definitions = parse(await readFile(join(dir, name), 'utf8')).definitions.filter(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      );
    } catch {
      continue;
    }
    for (const definition of definitions) {
      if (definition.name === undefined || known.has(definition.name.value)) {
        continue;
      }
      const variables: Record<string, unknown> = {};
      for (const variable of definition.variableDefinitions ?? []) {
        const variableName = variable.variable.name.value;
        if (variableName === 'idempotencyKey') {
          variables[variableName] = `explorer-${definition.name.value}`;
        } else if (variableName in DEMO_VARIABLES) {
          variables[variableName] = DEMO_VARIABLES[variableName];
        }
      }
      found.push({ name: definition.name.value, operation: definition.operation, query: print(definition), variables: JSON.stringify(variables, null, 2) });
    }
  }
  const order = { query: 0, mutation: 1, subscription: 2 } as const;
  return found.sort((a, b) => order[a.operation] - order[b.operation]);
}

/** sessionStorage key of the explorer's credential: kept for the tab, gone when it closes. */
export const CREDENTIAL_STORAGE_KEY = 'credit-graph.explorer.credential';

/** The example operations as tabs, placeholders replaced. */
export function exampleTabs(examples: readonly ExampleOperation[], placeholders: Readonly<Record<string, string>> = {}): ExplorerTab[] {
  const replace = (text: string): string => Object.entries(placeholders).reduce((result, [from, to]) => result.split(from).join(to), text);
  return examples.map((example) => ({ query: example.query, variables: replace(example.variables) }));
}

/** Builds the explorer; files are read on first use and kept in memory. */
export function createExplorer(options: ExplorerOptions = {}): Explorer {
  const require = createRequire(import.meta.url);
  const endpoint = options.endpoint ?? '/graphql';
  const cache = new Map<string, Promise<ExplorerAsset>>();
  let page: Promise<string> | undefined;

  const init = async (): Promise<ExplorerAsset> => {
    const dir = options.operationsDir ?? resolve(ROOT, 'schema/operations');
    const examples = await readExampleOperations(dir);
    const tabs = exampleTabs([...examples, ...(await otherOperations(dir, examples))], options.placeholders);
    const defaultTabs = tabs.length > 0 ? tabs : [{ query: '{ __typename }' }];
    // Data goes in as JSON, never as code; the script is a file of its own so the CSP needs no 'unsafe-inline'.
    const settings = JSON.stringify({ endpoint, defaultTabs, storageKey: CREDENTIAL_STORAGE_KEY }).replace(/</g, '\\u003c');
    const script = `(function () {
  var settings = ${settings};
  var url = new URL(settings.endpoint, window.location.href);
  var wsUrl = new URL(url.toString());
  wsUrl.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  var credential = window.sessionStorage.getItem(settings.storageKey) || '';
  var authorization = credential === '' ? undefined : (/^(Bearer|Basic) /i.test(credential) ? credential : 'Bearer ' + credential);
  var headers = authorization === undefined ? {} : { Authorization: authorization };
  var input = document.getElementById('credential');
  input.value = credential;
  document.getElementById('credential-form').addEventListener('submit', function (event) {
    event.preventDefault();
    var value = input.value.trim();
    if (value === '') { window.sessionStorage.removeItem(settings.storageKey); } else { window.sessionStorage.setItem(settings.storageKey, value); }
    // Loaded again so that GraphiQL fetches the schema with the new credential.
    window.location.reload();
  });
  var caller = document.getElementById('caller');
  fetch(url.toString(), { method: 'POST', headers: Object.assign({ 'content-type': 'application/json' }, headers), body: JSON.stringify({ query: '{ creditViewer { callerId scopes } }' }) })
    .then(function (response) { return response.json().then(function (body) { return { status: response.status, body: body }; }); })
    .then(function (answer) {
      var viewer = answer.body && answer.body.data && answer.body.data.creditViewer;
      if (viewer) {
        caller.textContent = 'Runs as ' + viewer.callerId + ' (' + (viewer.scopes.length > 0 ? viewer.scopes.join(', ') : 'no scopes') + ')';
      } else {
        var code = answer.body && answer.body.errors && answer.body.errors[0] && answer.body.errors[0].extensions && answer.body.errors[0].extensions.code;
        caller.textContent = code === 'UNAUTHENTICATED' ? 'Not authenticated: this graph has callers configured; enter an API key or a JWT.' : 'Caller unknown (' + (code || answer.status) + ')';
      }
    })
    .catch(function () { caller.textContent = 'Caller unknown: the graph did not answer.'; });
  var wsClient = graphqlWs.createClient({ url: wsUrl.toString(), lazy: true, connectionParams: authorization === undefined ? {} : { authorization: authorization } });
  var fetcher = GraphiQL.createFetcher({ url: url.toString(), headers: headers, wsClient: wsClient });
  var root = ReactDOM.createRoot(document.getElementById('graphiql'));
  root.render(React.createElement(GraphiQL, {
    fetcher: fetcher,
    defaultTabs: settings.defaultTabs,
    // GraphiQL 3 fills the first tab's variables editor from these props, not from defaultTabs.
    query: settings.defaultTabs[0].query,
    variables: settings.defaultTabs[0].variables,
    defaultEditorToolsVisibility: true,
    shouldPersistHeaders: false
  }));
})();
`;
    return { contentType: 'text/javascript; charset=utf-8', body: Buffer.from(script) };
  };

  return {
    contentSecurityPolicy:
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    page() {
      page ??= Promise.resolve(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The credit graph: GraphiQL</title>
<link rel="stylesheet" href="${EXPLORER_ASSET_PATH}graphiql.min.css">
<style>html, body, #graphiql { height: 100%; margin: 0; } .note { font: 13px sans-serif; padding: 4px 8px; display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; } .note input { width: 22rem; }</style>
</head>
<body>
<div class="note">
<span>GraphiQL, served offline by the graph. Apollo Sandbox (online): <a href="${endpoint}?explorer=apollo">open it</a>.</span>
<form id="credential-form"><label>Credential (API key or JWT; kept for this tab) <input id="credential" type="password" autocomplete="off" placeholder="none: development caller"></label> <button type="submit">Use</button></form>
<strong id="caller" role="status">Caller: …</strong>
</div>
<div id="graphiql" style="height: calc(100% - 34px)">Loading GraphiQL…</div>
<script src="${EXPLORER_ASSET_PATH}react.production.min.js"></script>
<script src="${EXPLORER_ASSET_PATH}react-dom.production.min.js"></script>
<script src="${EXPLORER_ASSET_PATH}graphiql.min.js"></script>
<script src="${EXPLORER_ASSET_PATH}graphql-ws.min.js"></script>
<script src="${EXPLORER_ASSET_PATH}init.js"></script>
</body>
</html>
`);
      return page;
    },
    asset(name) {
      if (name === 'init.js') {
        let found = cache.get(name);
        if (found === undefined) {
          found = init();
          cache.set(name, found);
        }
        return found;
      }
      const file = FILES[name];
      if (file === undefined) {
        return Promise.resolve(undefined);
      }
      let found = cache.get(name);
      if (found === undefined) {
        // Through package.json: the packages' `exports` do not list their UMD files.
        found = Promise.resolve()
          .then(() => readFile(resolve(dirname(require.resolve(`${file.packageName}/package.json`)), file.file)))
          .then((body) => ({ contentType: file.contentType, body }));
        // A failed read (GraphiQL not installed) is retried on the next request.
        found.catch(() => cache.delete(name));
        cache.set(name, found);
      }
      return found;
    },
  };
}
