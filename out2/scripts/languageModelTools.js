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
// Writes package.json's `contributes.languageModelTools` from the agent tools (src/agentTools/):
//   npx tsc -p . && node out/scripts/languageModelTools.js --write
// Without --write it prints them. test/unit/languageModelTools.test.ts checks that they agree.
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const agentTools_1 = require("../src/agentTools/agentTools");
const toolContributions_1 = require("../src/extension/languageModelTools/toolContributions");
const contributions = (0, toolContributions_1.languageModelToolContributions)(agentTools_1.AGENT_TOOLS);
if (process.argv.includes('--write')) {
    const file = path.join(__dirname, '..', '..', 'package.json');
    const pkg = JSON.parse((0, node_fs_1.readFileSync)(file, 'utf8'));
    pkg.contributes.languageModelTools = contributions;
    (0, node_fs_1.writeFileSync)(file, `${JSON.stringify(pkg, null, 2)}\n`);
    console.log(`wrote ${contributions.length} language model tools into ${file}`);
}
else {
    console.log(JSON.stringify(contributions, null, 2));
}
//# sourceMappingURL=languageModelTools.js.map