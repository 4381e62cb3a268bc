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
exports.pinnedVersion = pinnedVersion;
exports.agentProgram = agentProgram;
// The agents' programs the contract suite runs: the pins of test/agents/agentVersions.json, as
// scripts/agents/install.mjs installed them into .agents-cache/ (`npm run test:agents` installs
// them first). Read, never installed, here: a test that finds its program missing says how to get it.
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const zod_1 = require("zod");
const cliHarness_1 = require("../unit/helpers/cliHarness");
const Pin = zod_1.z.object({ package: zod_1.z.string().min(1), version: zod_1.z.string().regex(/^\d+\.\d+\.\d+(?:-[\w.]+)?$/) });
const Pins = zod_1.z.record(zod_1.z.string(), zod_1.z.unknown());
const Installed = zod_1.z.object({ package: zod_1.z.string(), version: zod_1.z.string(), command: zod_1.z.array(zod_1.z.string()).min(1) });
function pinnedVersion(agent) {
    const pins = Pins.parse(JSON.parse((0, node_fs_1.readFileSync)(path.join(cliHarness_1.REPO_ROOT, 'test', 'agents', 'agentVersions.json'), 'utf8')));
    return Pin.parse(pins[agent]);
}
/** The installed program of an agent at its pinned version. */
function agentProgram(agent) {
    const pin = pinnedVersion(agent);
    const marker = path.join(cliHarness_1.REPO_ROOT, '.agents-cache', `${agent}-${pin.version}`, 'installed.json');
    let installed;
    try {
        installed = Installed.parse(JSON.parse((0, node_fs_1.readFileSync)(marker, 'utf8')));
    }
    catch (e) {
        throw new Error(`${pin.package}@${pin.version} is not installed (${marker}: ${e.message}); run: node scripts/agents/install.mjs ${agent}`);
    }
    if (installed.package !== pin.package || installed.version !== pin.version) {
        throw new Error(`${marker} holds ${installed.package}@${installed.version}, not the pinned ${pin.package}@${pin.version}; run: node scripts/agents/install.mjs ${agent}`);
    }
    return { agent, package: pin.package, version: pin.version, command: installed.command };
}
//# sourceMappingURL=agentPrograms.js.map