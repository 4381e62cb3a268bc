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
exports.workspaceLocation = workspaceLocation;
const path = __importStar(require("node:path"));
const z = __importStar(require("zod"));
const databasePath_1 = require("../core/databasePath");
const errors_1 = require("../core/errors");
const cliEnvironment_1 = require("../cliEnvironment");
const AbsolutePathSchema = z
    .string()
    .refine((p) => !p.includes('\0'), 'must not contain NUL')
    .refine((p) => path.isAbsolute(p), 'must be an absolute path');
/**
 * Where a command works: the folder of `--workspace`, else `$AGENTS_WORKSPACE`, else the current
 * directory; the database `$AGENTS_DATABASE` inside it, else the default one. Empty variables count
 * as unset; a malformed one is an error, never a guess.
 */
function workspaceLocation(cwd, workspaceOption, env) {
    const workspaceVar = fromEnv(env, cliEnvironment_1.CliEnvironment.workspace, AbsolutePathSchema);
    const databasePath = fromEnv(env, cliEnvironment_1.CliEnvironment.database, databasePath_1.DatabasePathSchema);
    return { workspaceRoot: path.resolve(cwd, workspaceOption ?? workspaceVar ?? '.'), databasePath };
}
function fromEnv(env, name, schema) {
    const raw = env[name];
    if (raw === undefined || raw === '')
        return undefined;
    const parsed = schema.safeParse(raw);
    if (!parsed.success)
        throw new errors_1.ValidationError(`environment variable ${name} ${JSON.stringify(raw)}: ${(0, errors_1.describeIssues)(parsed.error.issues)}`);
    return parsed.data;
}
//# sourceMappingURL=workspaceLocation.js.map