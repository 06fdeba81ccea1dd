/** One JSON-LD object with a type, as found in a page (graphs and nested arrays flattened one level). */
export type JsonLdNode = Readonly<Record<string, unknown>>;

/** Every typed object of the page's JSON-LD blocks: top-level objects, `@graph` members, array items. Unparsable blocks are ignored. */
export function jsonLdNodes(blocks: readonly string[]): JsonLdNode[] {
  const nodes: JsonLdNode[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (Array.isArray(record['@graph'])) record['@graph'].forEach(visit);
    if (record['@type'] !== undefined) nodes.push(record);
  };
  for (const block of blocks) {
    try {
      visit(JSON.parse(block));
    } catch {
      // A broken block says nothing we can use; the rest of the page still counts.
    }
  }
  return nodes;
}

/** The node's types, as a list (`@type` may be a string or an array). */
export function typesOf(node: JsonLdNode): string[] {
  const type = node['@type'];
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((item): item is string => typeof item === 'string') : [];
}

export function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** A property that may hold one object or a list of them. */
export function objects(value: unknown): JsonLdNode[] {
  if (Array.isArray(value)) return value.filter((item): item is JsonLdNode => item !== null && typeof item === 'object');
  return value !== null && typeof value === 'object' ? [value as JsonLdNode] : [];
}

/** Every typed object in a node, itself included (offers inside services inside catalogs...). */
export function typedObjects(node: JsonLdNode): JsonLdNode[] {
  const found: JsonLdNode[] = [node];
  for (const value of Object.values(node)) {
    for (const child of objects(value)) if (child['@type'] !== undefined) found.push(...typedObjects(child));
  }
  return found;
}
