// What Connect an Agent… and Disconnect an Agent… run, and the pass at activation that rewrites
// hook and MCP commands naming a versioned dist/cli.js: the agents' configuration files read and
// written with a JSON-with-comments parser and a differ. Bundled apart (dist/extensionInstaller.js,
// esbuild.mjs) and read when first used (loadInstaller).
export { rewriteVersionedConfigs } from '../../hooks/install/activationRewrite';
export { applyHookPlan, planHookChange } from '../../hooks/install/hookInstaller';
export { hookStatus } from '../../hooks/install/hookStatus';
