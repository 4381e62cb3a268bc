"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.rewriteVersionedConfigs = rewriteVersionedConfigs;
const mcpServerCommands_1 = require("./mcpServerCommands");
const versionedCommands_1 = require("./versionedCommands");
async function rewriteVersionedConfigs(roots, extensionsDir, shim) {
    const rewritten = [];
    const problems = [];
    const failures = [];
    const scoped = [...(roots.home === undefined ? [] : [{ root: roots.home, scope: 'user' }]), ...(roots.trusted ? roots.projectFolders.map((root) => ({ root, scope: 'project' })) : [])];
    for (const { root, scope } of scoped) {
        try {
            const result = await (0, versionedCommands_1.rewriteVersionedCommands)(root, scope, extensionsDir, shim);
            for (const file of result.rewritten)
                rewritten.push({ where: scope === 'project' ? `${root}: ${file.display}` : file.display, display: file.display, replaced: file.replaced });
            problems.push(...result.problems);
        }
        catch (error) {
            failures.push(`${root}: ${error instanceof Error ? error.message : String(error)}`);
        }
    }
    const owned = [...(roots.home === undefined ? [] : [{ root: roots.home, file: mcpServerCommands_1.CLAUDE_CODE_USER_MCP }]), ...(roots.globalStorage === undefined ? [] : [{ root: roots.globalStorage, file: mcpServerCommands_1.CLINE_MCP_SETTINGS }])];
    for (const { root, file } of owned) {
        const result = await (0, mcpServerCommands_1.rewriteOwnedMcpFile)(root, file, extensionsDir, shim);
        if (result.rewritten)
            rewritten.push({ where: result.rewritten.display, ...result.rewritten });
        if (result.problem)
            problems.push(result.problem);
    }
    return { rewritten, problems, failures };
}
//# sourceMappingURL=activationRewrite.js.map