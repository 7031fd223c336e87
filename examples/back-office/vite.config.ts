import { defineConfig, searchForWorkspaceRoot } from 'vite';

/**
 * The back office is served beside the graph: in development (`npm run dev`) and in preview, Vite
 * forwards /graphql (queries, mutations and the GraphQL-over-SSE subscriptions) to the graph at
 * GRAPH_ORIGIN (default `npm start`'s http://127.0.0.1:4000), so the browser sees one origin and the
 * graph needs no CORS entry. A build is static files: serve them with /graphql routed the same way.
 */
const graph = process.env.GRAPH_ORIGIN ?? 'http://127.0.0.1:4000';
const proxy = { '/graphql': { target: graph, changeOrigin: true } };

export default defineConfig({
  // Vite 8 compiles TSX with its built-in Oxc transform (React's automatic runtime); the React plugin
  // adds only Fast Refresh, and its optional Babel peer conflicts with jest's Babel 7 at the root.
  oxc: { jsx: { runtime: 'automatic' } },
  // One copy of each, whichever package asks (Apollo Client and the generated documents share graphql).
  resolve: { dedupe: ['react', 'react-dom', 'graphql'] },
  // The generated possibleTypes live beside the SDL (../../schema/): the dev server may read them too.
  server: { host: '127.0.0.1', port: 5173, proxy, fs: { allow: [searchForWorkspaceRoot(process.cwd()), '../../schema'] } },
  preview: { host: '127.0.0.1', port: 4173, proxy },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1024 },
});
