"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.CLINE_MCP_SETTINGS = exports.CLINE_EXTENSION_ID = exports.CLAUDE_CODE_USER_MCP = void 0;
exports.rewriteServerStrings = rewriteServerStrings;
exports.rewriteOwnedMcpFile = rewriteOwnedMcpFile;
const path = __importStar(require("node:path"));
const jsonc_parser_1 = require("jsonc-parser");
const atomicFile_1 = require("../../adapters/files/atomicFile");
const duplicateKeys_1 = require("./duplicateKeys");
const hookFiles_1 = require("./hookFiles");
const safeTarget_1 = require("./safeTarget");
const versionedCommands_1 = require("./versionedCommands");
function objectAt(node, key) {
    const property = node?.type === 'object' ? node.children?.find((p) => p.children?.[0]?.value === key) : undefined;
    const value = property?.children?.[1];
    return value?.type === 'object' ? value : undefined;
}
/** Claude Code's user file: user-scope servers, and each project's local-scope ones. */
exports.CLAUDE_CODE_USER_MCP = {
    relative: '.claude.json',
    display: '~/.claude.json',
    owner: 'Claude Code',
    serverMaps: (tree) => {
        const projects = objectAt(tree, 'projects')?.children ?? [];
        const local = projects.map((p) => objectAt(p.children?.[1], 'mcpServers'));
        return [objectAt(tree, 'mcpServers'), ...local].filter((n) => n !== undefined);
    },
    duplicate: (text, tree) => {
        // `projects` holds each folder's history too: only the keys on the way to the servers are looked at there
        const found = [...(0, duplicateKeys_1.repeatedKeys)(text, tree, '', ['projects'], false), ...(0, duplicateKeys_1.repeatedKeys)(text, tree, '', ['mcpServers'], true)];
        for (const project of objectAt(tree, 'projects')?.children ?? []) {
            const [name, value] = project.children ?? [];
            if (value?.type === 'object')
                found.push(...(0, duplicateKeys_1.repeatedKeys)(text, value, `projects.${String(name?.value)}`, ['mcpServers'], true));
        }
        return (0, duplicateKeys_1.firstInFile)(found);
    },
};
/** Cline's extension id: its global storage folder is named after it, beside ours. */
exports.CLINE_EXTENSION_ID = 'saoudrizwan.claude-dev';
/** Cline's MCP settings, relative to VS Code's global storage folder. */
exports.CLINE_MCP_SETTINGS = {
    relative: `${exports.CLINE_EXTENSION_ID}/settings/cline_mcp_settings.json`,
    display: `Cline's cline_mcp_settings.json`,
    owner: 'Cline',
    serverMaps: (tree) => [objectAt(tree, 'mcpServers')].filter((n) => n !== undefined),
    duplicate: (text, tree) => (0, duplicateKeys_1.firstInFile)((0, duplicateKeys_1.repeatedKeys)(text, tree, '', ['mcpServers'], true)),
};
/** The `command` and `args` string nodes of every server entry in `maps`. */
function commandStrings(maps) {
    const strings = [];
    for (const map of maps) {
        for (const server of map.children ?? []) {
            const entry = server.children?.[1];
            if (entry?.type !== 'object')
                continue;
            for (const property of entry.children ?? []) {
                const key = property.children?.[0]?.value;
                const value = property.children?.[1];
                if (key === 'command' && value?.type === 'string')
                    strings.push(value);
                if (key === 'args' && value?.type === 'array')
                    strings.push(...(value.children ?? []).filter((v) => v.type === 'string'));
            }
        }
    }
    return strings;
}
/**
 * `text` with each versioned dist/cli.js of ours in a server's `command` or `args` replaced by
 * `shim`; the other bytes unchanged. `problem` when the file cannot be parsed, or parses two ways
 * (a key on the way held twice: the edit would land where its program does not read): it is left alone.
 */
function rewriteServerStrings(text, file, extensionsDir, shim, platform = process.platform) {
    // most such files name nothing of ours: no parse of a large file for them
    if ((0, versionedCommands_1.replaceVersionedCli)(text, extensionsDir, shim, platform).replaced === 0)
        return { text, replaced: 0 };
    const errors = [];
    const tree = (0, jsonc_parser_1.parseTree)(text, errors, { disallowComments: false, allowTrailingComma: true });
    if (!tree || errors.length > 0 || tree.type !== 'object')
        return { problem: `${file.display}: it cannot be parsed as JSON; it was left as it is` };
    const duplicate = file.duplicate(text, tree);
    if (duplicate)
        return { problem: `${(0, duplicateKeys_1.duplicateKeyMessage)(file.display, file.owner, duplicate)}; it was left as it is` };
    let result = text;
    let replaced = 0;
    // from the end, so each node's offset still holds when it is replaced
    for (const node of commandStrings(file.serverMaps(tree)).sort((a, b) => b.offset - a.offset)) {
        const value = node.value;
        const next = (0, versionedCommands_1.replaceVersionedCli)(value, extensionsDir, shim, platform);
        if (next.replaced === 0)
            continue;
        replaced += next.replaced;
        result = result.slice(0, node.offset) + JSON.stringify(next.text) + result.slice(node.offset + node.length);
    }
    return { text: result, replaced };
}
/** How often a file that changed between our read and our write is read again before giving up. */
const ATTEMPTS = 3;
/**
 * Rewrites the MCP server entries of `file` under `root` that name a versioned dist/cli.js of ours
 * in `extensionsDir` to `shim`. Written atomically with its mode; not through a symbolic link that
 * leads out of `root`; not when the file cannot be parsed. The owner writes the file often: it is
 * read again right before the write, and the edit made again on what it holds then.
 */
async function rewriteOwnedMcpFile(root, file, extensionsDir, shim) {
    let target;
    try {
        // 'project': every link on the way must stay inside root
        target = await (0, safeTarget_1.resolveTarget)(root, file.relative, 'project', file.display);
    }
    catch {
        return {};
    }
    let before = await (0, hookFiles_1.readTextOrNull)(target, file.display).catch(() => null);
    for (let attempt = 0; attempt < ATTEMPTS && before !== null; attempt++) {
        const next = rewriteServerStrings(before, file, extensionsDir, shim);
        if ('problem' in next)
            return { problem: next.problem };
        if (next.replaced === 0)
            return {};
        const now = await (0, hookFiles_1.readTextOrNull)(target, file.display).catch(() => null);
        if (now !== before) {
            before = now;
            continue;
        }
        try {
            await (0, atomicFile_1.writeFileAtomic)(target, next.text, (await (0, hookFiles_1.modeOf)(target)) ?? 0o600);
            return { rewritten: { display: file.display, replaced: next.replaced } };
        }
        catch (error) {
            return { problem: `${file.display}: ${error instanceof Error ? error.message : String(error)}` };
        }
    }
    return before === null ? {} : { problem: `${file.display}: it kept changing while it was read (${path.basename(target)} is written by its program); it was left as it is` };
}
//# sourceMappingURL=mcpServerCommands.js.map