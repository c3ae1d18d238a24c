/**
 * A creation's configuration as it travels along the chain (issue 34 §3): the element tree a crea
 * creation or a drawn composition was saved with, written canonically so that two copies of it
 * compare equal when they configure the same thing (element ids, key order and the saving time left
 * out; every element's type, code, attributes, pendant height, length and place kept, in tree order).
 */
const KEPT_PROPS = ['code', 'pendantHeight', 'productLength', 'compositionNumber', 'configurator', 'config', 'start', 'end', 'centre', 'offset'] as const;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return typeof value === 'number' ? Math.round(value * 1e6) / 1e6 : value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, canonical(record[key])]),
  );
}

function nodeOf(value: unknown, depth: number): unknown {
  if (depth > 40 || value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const node = value as Record<string, unknown>;
  const props = (node.props ?? {}) as Record<string, unknown>;
  const kept = Object.fromEntries(KEPT_PROPS.filter((key) => props[key] !== undefined).map((key) => [key, props[key]]));
  const children = Array.isArray(node.children) ? node.children.map((child) => nodeOf(child, depth + 1)) : [];
  return canonical({ type: node.type ?? null, props: kept, attributes: node.attributes ?? {}, position: node.position ?? null, children });
}

/** The canonical text of a saved space (null without one). */
export function creationConfiguration(space: unknown): string | null {
  if (space === null || space === undefined || typeof space !== 'object') return null;
  return JSON.stringify(nodeOf(space, 0));
}
