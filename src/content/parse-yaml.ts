import { CORE_SCHEMA, load } from 'js-yaml';
import { readSimpleMapping } from './simple-mapping.js';

/**
 * Parses the YAML of a site file or a page's front matter. The `key: value` lines most front
 * matter is made of are read directly (simple-mapping.ts: the same values, at a small fraction of
 * the cost); everything else goes to js-yaml, which parses a front matter faster than the `yaml`
 * package does, and that decides how fast a large site starts. The core schema keeps dates as
 * written (our schemas read them); duplicate keys are an error.
 */
export function parseYaml(text: string): unknown {
  return readSimpleMapping(text) ?? load(text, { schema: CORE_SCHEMA });
}
