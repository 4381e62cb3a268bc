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
exports.DATABASE_FILE_NAME = exports.CLEVERAGENTS_DIR = void 0;
exports.defaultDatabasePath = defaultDatabasePath;
exports.writeLogPath = writeLogPath;
const path = __importStar(require("node:path"));
// Where the database and its write log live, apart from the store itself: the extension watches
// these files from its first moment, and must not load sql.js to know their names.
/** The folder of the workspace the product owns, and the database file in it. */
exports.CLEVERAGENTS_DIR = '.cleveragents';
exports.DATABASE_FILE_NAME = 'cleveragents.db';
/** `<workspace>/.cleveragents/cleveragents.db` */
function defaultDatabasePath(workspaceRoot) {
    return path.join(workspaceRoot, exports.CLEVERAGENTS_DIR, exports.DATABASE_FILE_NAME);
}
/** The write log beside a database: `cleveragents.db.log` (docs/RELIABILITY.md, "The database's write log"). */
function writeLogPath(databasePath) {
    return `${databasePath}.log`;
}
//# sourceMappingURL=databasePaths.js.map