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
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.SQL_WASM_FILE_NAME = void 0;
exports.loadSqlJs = loadSqlJs;
const promises_1 = require("node:fs/promises");
const path = __importStar(require("node:path"));
const sql_js_1 = __importDefault(require("sql.js"));
const errors_1 = require("../../core/errors");
/** The file sql.js needs beside its JavaScript; esbuild copies it to `dist/`. */
exports.SQL_WASM_FILE_NAME = 'sql-wasm.wasm';
let loading;
/**
 * sql.js, initialised once per process from `<wasmDir>/sql-wasm.wasm`. The first caller's folder
 * wins; later callers share the same module, as the wasm is identical wherever it lies. The wasm is
 * read by us and handed over as bytes so that neither a bundler nor sql.js's own path guessing
 * decides where it comes from, and nothing is ever fetched from the network.
 */
function loadSqlJs(wasmDir) {
    if (!loading) {
        const wasmPath = path.join(wasmDir, exports.SQL_WASM_FILE_NAME);
        loading = (async () => {
            let wasmBinary;
            try {
                wasmBinary = await (0, promises_1.readFile)(wasmPath);
            }
            catch (error) {
                throw new errors_1.StoreError(`Cannot read the SQLite engine ${wasmPath}: ${error.message}`, { cause: error });
            }
            try {
                return await (0, sql_js_1.default)({ wasmBinary: wasmBinary.buffer.slice(wasmBinary.byteOffset, wasmBinary.byteOffset + wasmBinary.byteLength) });
            }
            catch (error) {
                throw new errors_1.StoreError(`Cannot start the SQLite engine from ${wasmPath}: ${error.message}`, { cause: error });
            }
        })();
        // A failed start (say, the wasm was missing) must not poison the process: let the next call retry.
        loading.catch(() => {
            loading = undefined;
        });
    }
    return loading;
}
//# sourceMappingURL=sqlJsLoader.js.map