import { loadPart } from '../lazyPart';

export type Installer = typeof import('./installerPart');

/** The agents' hook installer (installerPart.ts), read the first time it is used. */
export function loadInstaller(): Installer {
  return loadPart<Installer>('extensionInstaller.js', 'agentHooks/installerPart.js');
}
