/**
 * The offline explorer: GraphiQL, served by the graph itself in development. The page, its
 * scripts (GraphiQL's UMD build, React and ReactDOM from node_modules) and its stylesheet all come
 * from the graph's origin, so it works on a machine without internet; a Content-Security-Policy
 * keeps it that way. Its tabs hold the example operations of schema/operations/ (examples.ts) with the
 * demo ids filled in.
 *
 * GraphiQL and React are development dependencies: they are read from disk on the first request,
 * never imported, and never in production (where the explorer is off).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
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
};

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
    const tabs = exampleTabs(await readExampleOperations(options.operationsDir ?? resolve(ROOT, 'schema/operations')), options.placeholders);
    const defaultTabs = tabs.length > 0 ? tabs : [{ query: '{ __typename }' }];
    // Data goes in as JSON, never as code; the script is a file of its own so the CSP needs no 'unsafe-inline'.
    const script = `(function () {
  var settings = ${JSON.stringify({ endpoint, defaultTabs }).replace(/</g, '\\u003c')};
  var fetcher = GraphiQL.createFetcher({ url: new URL(settings.endpoint, window.location.href).toString() });
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
<style>html, body, #graphiql { height: 100%; margin: 0; } .note { font: 13px sans-serif; padding: 4px 8px; }</style>
</head>
<body>
<div class="note">GraphiQL, served offline by the graph. Apollo Sandbox (online): <a href="${endpoint}?explorer=apollo">open it</a>.</div>
<div id="graphiql" style="height: calc(100% - 26px)">Loading GraphiQL…</div>
<script src="${EXPLORER_ASSET_PATH}react.production.min.js"></script>
<script src="${EXPLORER_ASSET_PATH}react-dom.production.min.js"></script>
<script src="${EXPLORER_ASSET_PATH}graphiql.min.js"></script>
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
