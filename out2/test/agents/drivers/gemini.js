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
exports.geminiDriver = void 0;
// Gemini CLI in the contract suite: headless (`-p`, `--approval-mode yolo`), its model at our
// server through GOOGLE_GEMINI_BASE_URL with an API key (the "gemini-api-key" auth type chosen in
// its user settings: with the base URL alone it picks a gateway auth type that headless mode
// refuses), the workspace trusted by GEMINI_CLI_TRUST_WORKSPACE (folder trust is on by default, and
// an untrusted folder's .gemini/settings.json, where the hooks are, is not read), its home folder
// ours (GEMINI_CLI_HOME), no auto-update and no usage statistics. Prompt 2 resumes the session
// (`-r latest`), so both prompts feed one plan.
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const gemini_1 = require("../modelServer/gemini");
exports.geminiDriver = {
    agent: 'gemini',
    title: 'Gemini CLI',
    hookAgent: 'gemini',
    tools: {
        names: { write: 'write_file', edit: 'replace', shell: 'run_shell_command' },
        write: (file, content) => [{ name: 'write_file', args: { file_path: file, content } }],
        edit: (file, before, after) => [{ name: 'replace', args: { file_path: file, instruction: 'Apply the scripted edit.', old_string: before, new_string: after } }],
        shell: (command) => [{ name: 'run_shell_command', args: { command, description: 'A scripted command.' } }],
        // Its generalist subagent has every tool; the main agent waits for its answer.
        subagent: (task) => [{ name: 'invoke_agent', args: { agent_name: 'generalist', prompt: task } }],
    },
    adapters: [gemini_1.answerGemini],
    prepare({ home }) {
        (0, node_fs_1.mkdirSync)(path.join(home, '.gemini'), { recursive: true });
        const settings = {
            security: { auth: { selectedType: 'gemini-api-key' } },
            general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
            privacy: { usageStatisticsEnabled: false },
        };
        (0, node_fs_1.writeFileSync)(path.join(home, '.gemini', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
    },
    env: ({ home, serverUrl }) => ({
        GEMINI_CLI_HOME: home,
        GOOGLE_GEMINI_BASE_URL: serverUrl,
        GEMINI_API_KEY: 'scripted-model-key',
        GEMINI_CLI_TRUST_WORKSPACE: 'true',
    }),
    promptArgs: (prompt, n) => ['-p', prompt, '--approval-mode', 'yolo', '--output-format', 'json', ...(n > 1 ? ['-r', 'latest'] : [])],
};
//# sourceMappingURL=gemini.js.map