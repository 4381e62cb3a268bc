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
exports.codexTrustNote = codexTrustNote;
exports.codexConfigFile = codexConfigFile;
exports.codexTrustProblem = codexTrustProblem;
const path = __importStar(require("node:path"));
const stateFiles_1 = require("../../adapters/files/stateFiles");
// Codex (0.171.0) runs a hook that no admin manages only after the user has reviewed it: its TUI
// says "N hooks need review before they can run" and its /hooks view records, per hook, the hash
// of the definition it trusted in the user's config.toml, `[hooks.state."<hooks.json path>:
// <event>:<group>:<handler>"] trusted_hash = "…"`. An untrusted or changed hook is skipped without
// a word (`codex exec` says nothing), and `--dangerously-bypass-hook-trust` runs it for one
// invocation. Sources: github.com/openai/codex codex-rs/hooks/src/engine/discovery.rs
// (hook_trust_status, hook_key), codex-rs/config/src/hook_config.rs (HookStateToml); the
// binary's strings. This installer never writes that trust itself: it is the user's review.
/** What install says for Codex, every time: without the review the hooks do nothing. */
function codexTrustNote(display) {
    return `Codex runs these hooks only once you trust them: at its next start it says that hooks need review (or open /hooks) and you accept the cleveragents-checkpoints ones in ${display}; until then, and after any change to their command, Codex skips them without a word (\`codex exec --dangerously-bypass-hook-trust\` runs them for one invocation)`;
}
/** A config.toml is a few kilobytes; one far larger is not read. */
const CONFIG_MAX_BYTES = 4 * 1024 * 1024;
/** Codex's user configuration file: `$CODEX_HOME/config.toml`, else `~/.codex/config.toml`. */
function codexConfigFile(home, env) {
    const codexHome = env.CODEX_HOME;
    return path.join(codexHome && path.isAbsolute(codexHome) ? codexHome : path.join(home, '.codex'), 'config.toml');
}
/**
 * For `hook status`: a problem when Codex's config.toml records no trust state for any hook of
 * `hooksFile` (an absolute path). Read as text, not parsed: a key naming the file is all that is
 * looked for. A recorded hash may still be of an older command; Codex's own /hooks view says.
 */
async function codexTrustProblem(hooksFile, home, env) {
    const configFile = codexConfigFile(home, env);
    let text = '';
    try {
        // never blocks: a FIFO there is refused like any file that is not a regular one
        text = (0, stateFiles_1.readRegularFile)(configFile, configFile, CONFIG_MAX_BYTES)?.toString('utf8') ?? '';
    }
    catch {
        // unreadable, or not a regular file: nothing is trusted that we can see
    }
    if (text.includes(`${hooksFile}:pre_tool_use:`))
        return undefined;
    return `${configFile} records no review of the hooks in ${hooksFile}: Codex skips them until you trust them (its /hooks view)`;
}
//# sourceMappingURL=codexTrust.js.map