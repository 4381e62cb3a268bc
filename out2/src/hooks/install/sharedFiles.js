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
exports.sharedFileWarning = sharedFileWarning;
exports.localSettingsWarning = localSettingsWarning;
const promises_1 = require("node:fs/promises");
const stateFiles_1 = require("../../adapters/files/stateFiles");
const path = __importStar(require("node:path"));
// The hook command names this machine's node and cli.js by absolute path (an agent's PATH need
// hold neither, and the extension's stable entry lives under the user's VS Code profile): no
// command resolves on every machine (the package is not on the npm registry, so `npx` would run
// someone else's). So where an agent has a personal file (Claude Code's settings.local.json) the
// hooks go there; where it has none, the project file that teams share gets them, and install and
// status say so.
/** The project files that hold the hooks and are meant to be shared (committed), per agent. */
const SHARED = {
    copilot: '.github/hooks/cleveragents-checkpoints.json',
    cursor: '.cursor/hooks.json',
    gemini: '.gemini/settings.json',
    cline: '.clinerules/hooks/',
};
/** What to tell the user about a project install in a file others share; undefined where there is nothing to say. */
function sharedFileWarning(agent, scope) {
    const file = scope === 'project' ? SHARED[agent] : undefined;
    if (file === undefined)
        return undefined;
    return `${file} is a project file that is usually committed, and the hook command in it names this machine's paths (its node and cli.js): a teammate's machine cannot run it. Keep it out of your commits (or install with --user instead).`;
}
/** Whether a line of a .gitignore plausibly covers `.claude/settings.local.json`. */
function coversLocalSettings(text) {
    return text.split(/\r?\n/).some((raw) => {
        const line = raw.trim().replace(/^\//, '');
        return !line.startsWith('#') && !line.startsWith('!') && ['.claude', '.claude/', '.claude/*', '.claude/settings.local.json', 'settings.local.json', '*.local.json', '**/settings.local.json'].includes(line);
    });
}
/**
 * Claude Code keeps `.claude/settings.local.json` out of git when it makes the file itself; made
 * by this installer, it is ignored only if the project says so. Read from the workspace's
 * `.gitignore` and `.claude/.gitignore` (git itself is not run on an untrusted folder): a warning
 * when the folder is a git work tree and neither covers the file. Global excludes are not read, so
 * this may warn for a file git ignores after all.
 */
async function localSettingsWarning(root) {
    if (!(await (0, promises_1.lstat)(path.join(root, '.git')).then(() => true, () => false)))
        return undefined;
    for (const ignore of ['.gitignore', '.claude/.gitignore']) {
        const info = await (0, promises_1.lstat)(path.join(root, ignore)).catch(() => undefined);
        if (!info?.isFile())
            continue;
        let text = '';
        try {
            text = (0, stateFiles_1.readRegularFile)(path.join(root, ignore), ignore, 1024 * 1024)?.toString('utf8') ?? '';
        }
        catch {
            continue;
        }
        if (coversLocalSettings(ignore === '.gitignore' ? text : text.replace(/^(?!#)(\S)/gm, '.claude/$1')))
            return undefined;
    }
    return ".claude/settings.local.json (personal: it names this machine's paths) is not listed in the project's .gitignore: add it there (Claude Code does so when it makes the file itself), so that it is never committed.";
}
//# sourceMappingURL=sharedFiles.js.map