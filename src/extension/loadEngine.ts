import { loadPart } from './lazyPart';

export type Engine = typeof import('../extensionEngine');

/**
 * The engine: sql.js's glue, the store, the shadow git store, the services (dist/extensionEngine.js),
 * read when a folder's services are first needed. Activation, the tree of a folder without a
 * database and the commands that need none never parse it.
 */
export function loadEngine(): Engine {
  return loadPart<Engine>('extensionEngine.js', '../extensionEngine.js');
}
