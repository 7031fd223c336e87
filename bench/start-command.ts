import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * How `npm start` runs the graph (`[NAME=value ...] exec node <flags> dist/bundle/main.js` in package.json):
 * its environment settings and node flags, so the graph runs here as it runs there.
 */
export async function startCommand(): Promise<{ env: Record<string, string>; flags: string[] }> {
  const manifest = JSON.parse(await readFile(resolve(fileURLToPath(new URL('.', import.meta.url)), '../../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const match = /&& ((?:[A-Z_]+=\S+ )*)exec node (.*?) ?dist\/bundle\/main\.js$/.exec(manifest.scripts.start ?? '');
  if (match === null) {
    throw new Error('package.json start no longer ends in `[NAME=value ...] exec node [flags] dist/bundle/main.js`');
  }
  const words = (text: string | undefined): string[] => (text ?? '').split(' ').filter((word) => word !== '');
  return {
    env: Object.fromEntries(words(match[1]).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)])),
    flags: words(match[2]),
  };
}
