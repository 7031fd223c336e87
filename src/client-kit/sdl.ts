import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../shared/project-root.js';

/** The committed client SDL (schema/client.graphql), read in Node for the mock kit. */
export function clientSdl(): string {
  return readFileSync(join(projectRoot(import.meta.url), 'schema', 'client.graphql'), 'utf8');
}
