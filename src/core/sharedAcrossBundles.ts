/**
 * State that every copy of a module in this process shares. The same module can be in several
 * bundles loaded by one process (dist/extension.js and the parts it reads on first use), each with
 * its own module-level variables: state one copy sets (a log, a test's probe, a cache) must be what
 * the others read. `name` names it process-wide; `initial` makes it the first time.
 */
export function sharedAcrossBundles<T extends object>(name: string, initial: () => T): T {
  const key = Symbol.for(`cleveragents.${name}`);
  const global = globalThis as { [key: symbol]: T | undefined };
  return (global[key] ??= initial());
}
