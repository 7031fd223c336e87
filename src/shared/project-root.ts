import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root for a module of it (its `import.meta.url`): the nearest directory above it
 * holding a package.json. The same from src/ (tests), tsc's dist/, the bench's dist-bench/src/ and
 * the bundle's dist/bundle/ (scripts/bundle.mjs), where modules no longer sit where their source does.
 */
export function projectRoot(moduleUrl: string): string {
  const start = dirname(fileURLToPath(moduleUrl));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) {
      return dir;
    }
    if (dirname(dir) === dir) {
      return start;
    }
  }
}
