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
exports.DatabasePathSchema = exports.DEFAULT_DATABASE_PATH = void 0;
const z = __importStar(require("zod"));
const ids_1 = require("./ids");
/** Where a workspace folder's checkpoint database lives unless a setting or `AGENTS_DATABASE` says otherwise. */
exports.DEFAULT_DATABASE_PATH = '.cleveragents/cleveragents.db';
/**
 * A database location relative to the workspace folder (the extension's `database.path` setting,
 * the CLI's `AGENTS_DATABASE`): inside the folder, POSIX separators, naming a file.
 */
exports.DatabasePathSchema = z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .transform((p) => p.replace(/\\/g, '/').replace(/^\.\//, ''))
    .pipe(ids_1.RelativePathSchema)
    .refine((p) => !p.endsWith('/') && p !== '.', 'must name a file, not a folder');
//# sourceMappingURL=databasePath.js.map