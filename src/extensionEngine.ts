// The extension's engine (dist/extensionEngine.js, read by extension/loadEngine.ts when a folder's
// services are first needed, never at activation): the services of a folder (composition.ts), and
// the remote commands (src/remote) for Push Session… and Fetch from Remote…. An entry of its own,
// so that composition.ts, which the remote commands use, does not also import them.

export * from './composition';
export { runRemoteCommand } from './remote/remoteCommands';
export { workspaceRemotes } from './remote/remoteRefs';
