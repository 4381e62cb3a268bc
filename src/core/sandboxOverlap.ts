// Two plans' sandboxes (folders relative to the workspace, `.` its root) overlap when one holds the
// other: then a file of one is a file of the other, under another relative path.

/** A sandbox path's segments; the workspace root (`.`) has none. */
function segments(sandboxPath: string): string[] {
  return sandboxPath.split('/').filter((s) => s !== '' && s !== '.');
}

/** The same folder, or one inside the other: a file of one can be a file of the other. */
export function sandboxesOverlap(a: string, b: string): boolean {
  const x = segments(a);
  const y = segments(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return false;
  return true;
}

/**
 * A path relative to sandbox `from`, as a path relative to sandbox `to` (the two overlap);
 * undefined when the file lies outside `to`.
 */
export function pathInOtherSandbox(path: string, from: string, to: string): string | undefined {
  const full = [...segments(from), ...path.split('/')];
  const root = segments(to);
  for (let i = 0; i < root.length; i++) if (full[i] !== root[i]) return undefined;
  return full.length > root.length ? full.slice(root.length).join('/') : undefined;
}
