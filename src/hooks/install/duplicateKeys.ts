import { stripComments, type Node } from 'jsonc-parser';
import { lineColumn, type JsonDocument } from './jsonEdit';

// A JSON object may name a key twice. The agents read their settings with JSON.parse, which keeps
// the last one; the edits here find a key by jsonc-parser's tree, which yields the first. On a
// file like that an install would write into the object the agent never reads and report success.
// So a key held twice anywhere on what the installer reads or edits (the `hooks` object and all it
// holds, and the top-level keys it looks at) is refused, with the line and column of the repeat.

/** A key an object holds twice: the later one, as JSON.parse sees the file. */
export interface DuplicateKey {
  /** Dotted, with [i] for list elements: `hooks.PreToolUse[0].matcher`. */
  readonly path: string;
  /** 1-based `line:column` of the repeated key, and of the key it repeats. */
  readonly at: string;
  readonly first: string;
  readonly offset: number;
}

function child(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
}

/** Every repeated key in the objects of `node` and below, in no particular order. */
function repeatsBelow(text: string, node: Node, path: string, found: DuplicateKey[]): void {
  if (node.type === 'array') {
    (node.children ?? []).forEach((element, i) => repeatsBelow(text, element, child(path, i), found));
    return;
  }
  if (node.type !== 'object') return;
  repeatsIn(text, node, path, () => true, found);
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key && value) repeatsBelow(text, value, child(path, String(key.value)), found);
  }
}

/** The repeated keys among one object's own properties, of those `concerned` names. */
function repeatsIn(text: string, object: Node, path: string, concerned: (key: string) => boolean, found: DuplicateKey[]): void {
  const seen = new Map<string, Node>();
  for (const property of object.children ?? []) {
    const key = property.children?.[0];
    if (!key || typeof key.value !== 'string' || !concerned(key.value)) continue;
    const earlier = seen.get(key.value);
    if (earlier) found.push({ path: child(path, key.value), at: lineColumn(text, key.offset), first: lineColumn(text, earlier.offset), offset: key.offset });
    else seen.set(key.value, key);
  }
}

/**
 * The repeated keys of `object` (at `path`) among `keys` (every key: undefined), and, `deep`, every
 * repeated key anywhere in those keys' values.
 */
export function repeatedKeys(text: string, object: Node, path: string, keys: readonly string[] | undefined, deep: boolean): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const concerned = (key: string) => keys === undefined || keys.includes(key);
  repeatsIn(text, object, path, concerned, found);
  if (deep) {
    for (const property of object.children ?? []) {
      const [key, value] = property.children ?? [];
      if (key && value && concerned(String(key.value))) repeatsBelow(text, value, child(path, String(key.value)), found);
    }
  }
  return found;
}

/** The first (in the file's order) of `found`. */
export function firstInFile(found: readonly DuplicateKey[]): DuplicateKey | undefined {
  return [...found].sort((a, b) => a.offset - b.offset)[0];
}

/**
 * The first repeated key (in the file's order) among the top-level `keys` and anywhere in their
 * values; undefined when there is none.
 */
export function duplicateKey(doc: JsonDocument, keys: readonly string[]): DuplicateKey | undefined {
  return firstInFile(repeatedKeys(doc.text, doc.tree, '', keys, true));
}

/** Whether the object's own top-level keys name one twice. */
export function hasDuplicateTopLevelKey(doc: JsonDocument): boolean {
  return repeatedKeys(doc.text, doc.tree, '', undefined, false).length > 0;
}

/** What is said of a repeated key: `<file>:<line>:<col>: "<path>" is there twice ...`. */
export function duplicateKeyMessage(file: string, agentName: string, duplicate: DuplicateKey): string {
  return `${file}:${duplicate.at}: "${duplicate.path}" is there twice (first at ${duplicate.first}); ${agentName} reads only the last one`;
}

/**
 * The file as the agent itself reads it: JSON.parse, after the comments are taken out where the
 * agent allows them; undefined when that fails (the file is then reported by the installer's parse).
 */
export function agentParse(text: string, allowComments: boolean): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(allowComments ? stripComments(text) : text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
