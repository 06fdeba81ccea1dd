/**
 * Walks parsed JSON-LD to the nodes that carry an `@type`, with the node itself, for the checks
 * that read values (entity consistency, freshness). Validation against schema.org rules is the
 * site's own validator (src/structured-data/validate.ts), shared with the structured data we
 * publish, so what we check is exactly what we ship.
 */

export interface TypedNode {
  readonly types: readonly string[];
  readonly node: Readonly<Record<string, unknown>>;
  readonly path: string;
}

/** Every node with an @type, anywhere in a JSON-LD document (@graph, arrays, nested values). */
export function typedNodes(document: unknown): TypedNode[] {
  const nodes: TypedNode[] = [];
  const visit = (value: unknown, path: string, depth: number): void => {
    if (depth > 12 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${path}[${index}]`, depth + 1));
      return;
    }
    const node = value as Record<string, unknown>;
    const type = node['@type'];
    const types = (Array.isArray(type) ? type : [type]).filter((item): item is string => typeof item === 'string').map(stripVocabulary);
    if (types.length > 0) nodes.push({ types, node, path: path === '' ? '(top)' : path });
    for (const [key, child] of Object.entries(node)) {
      if (key === '@context') continue;
      visit(child, path === '' ? key : `${path}.${key}`, depth + 1);
    }
  };
  visit(document, '', 0);
  return nodes;
}

function stripVocabulary(type: string): string {
  return type.replace(/^(https?:\/\/schema\.org\/|schema:)/i, '');
}
