"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.replaceVersionedCli = replaceVersionedCli;
exports.configuredFiles = configuredFiles;
exports.rewriteVersionedCommands = rewriteVersionedCommands;
const atomicFile_1 = require("../../adapters/files/atomicFile");
const hookAgents_1 = require("../hookAgents");
const agentHookConfigs_1 = require("./agentHookConfigs");
const hookCommandLine_1 = require("./hookCommandLine");
const hookFiles_1 = require("./hookFiles");
const safeTarget_1 = require("./safeTarget");
const stableCli_1 = require("./stableCli");
const same = (t) => t;
/** Inside a JSON string. */
const json = (t) => JSON.stringify(t).slice(1, -1);
/** Inside a bash word in double quotes (hookCommandLine's bashWord). */
const bash = (t) => t.replace(/(["\\$`])/g, '\\$1');
/** Inside a PowerShell word in single quotes. */
const powershell = (t) => t.replace(/'/g, "''");
const SPELLINGS = [same, bash, powershell].flatMap((word) => [same, hookCommandLine_1.forwardSlashes].flatMap((slashes) => [(t) => word(slashes(t)), (t) => json(word(slashes(t)))]));
const PLACEHOLDER = 'CLEVERAGENTSVERSIONFOLDER';
const FOLDER_SOURCE = stableCli_1.EXTENSION_FOLDER.source.replace(/^\^/, '').replace(/\$$/, '');
function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
/**
 * `text` with every spelling of `<extensionsDir>/<a version of ours>/dist/cli.js` replaced by the
 * same spelling of `shim`, and how many were replaced. Case-insensitive where the file system is.
 */
function replaceVersionedCli(text, extensionsDir, shim, platform = process.platform) {
    const sep = platform === 'win32' ? '\\' : '/';
    const versioned = `${extensionsDir.replace(/[\\/]+$/, '')}${sep}${PLACEHOLDER}${sep}dist${sep}cli.js`;
    const flags = platform === 'win32' || platform === 'darwin' ? 'gi' : 'g';
    let replaced = 0;
    const seen = new Set();
    for (const spell of SPELLINGS) {
        const source = escapeRegExp(spell(versioned)).replace(PLACEHOLDER, FOLDER_SOURCE);
        if (seen.has(source))
            continue;
        seen.add(source);
        const replacement = spell(shim);
        // a path continues after cli.js only in a longer name (cli.jsx): not ours
        text = text.replace(new RegExp(`${source}(?![\\w.-])`, flags), () => {
            replaced += 1;
            return replacement;
        });
    }
    return { text, replaced };
}
/** The MCP clients' project files (`agents mcp --print-config` says where each goes), and their user-level ones. */
const MCP_FILES = {
    project: ['.vscode/mcp.json', '.cursor/mcp.json', '.mcp.json'],
    user: ['.cursor/mcp.json'],
};
/** Every file, relative to the root, where our hooks or MCP server may be configured in `scope`. */
function configuredFiles(scope) {
    const files = [];
    for (const agent of hookAgents_1.HOOK_AGENTS) {
        const config = agentHookConfigs_1.AGENT_HOOK_CONFIGS[agent];
        if (config.kind === 'scripts')
            files.push(...config.events.map((event) => `${config.folder(scope)}/${event}`));
        // an earlier version's place too (Claude Code's shared settings.json): its hooks still run until moved
        else if (config.kind === 'json')
            files.push(config.file(scope), ...(config.formerFiles?.(scope) ?? []));
        else
            files.push(config.file(scope));
    }
    return [...new Set([...files, ...MCP_FILES[scope]])];
}
/**
 * Rewrites, in the hook and MCP configuration files under `root`, every path of a versioned folder
 * of ours in `extensionsDir` to `shim`. Each file is written atomically, with its mode, through the
 * same checks as the installer (in project scope, no link out of the workspace). A file that names
 * nothing of the kind is not written.
 */
async function rewriteVersionedCommands(root, scope, extensionsDir, shim) {
    const rewritten = [];
    const problems = [];
    for (const relative of configuredFiles(scope)) {
        const display = (0, hookFiles_1.displayPath)(scope, relative);
        let target;
        let before;
        try {
            target = await (0, safeTarget_1.resolveTarget)(root, relative, scope, display);
            before = await (0, hookFiles_1.readTextOrNull)(target, display);
        }
        catch {
            // what the installer refuses to write (a link out of the workspace, a folder, an unreadable file) is left alone here too
            continue;
        }
        if (before === null)
            continue;
        const { text, replaced } = replaceVersionedCli(before, extensionsDir, shim);
        if (replaced === 0)
            continue;
        try {
            await (0, atomicFile_1.writeFileAtomic)(target, text, (await (0, hookFiles_1.modeOf)(target)) ?? 0o644);
            rewritten.push({ display, replaced });
        }
        catch (error) {
            problems.push(`${display}: ${error instanceof Error ? error.message : String(error)}`);
        }
    }
    return { rewritten, problems };
}
//# sourceMappingURL=versionedCommands.js.map