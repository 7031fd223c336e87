import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Whether the module at `moduleUrl` (its `import.meta.url`), whose source file is `name`.ts, is the
 * script node was started with. The name is asked as well as the file: in the bundle `npm start`
 * runs (dist/bundle/, scripts/bundle.mjs) many modules share one chunk file, and only the module
 * named by the command is its entry point (a module bundled into `main.js` beside main.ts's own code
 * is not run as a script because node was started on that file).
 */
export function isEntryPoint(moduleUrl: string, name: string): boolean {
  const script = process.argv[1];
  if (script === undefined) {
    return false;
  }
  const file = fileURLToPath(moduleUrl);
  return resolve(script) === file && basename(file).replace(/\.[cm]?[jt]s$/, '') === name;
}
