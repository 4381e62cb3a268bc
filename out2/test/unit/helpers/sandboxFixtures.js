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
exports.services = services;
exports.hashTree = hashTree;
exports.write = write;
exports.link = link;
exports.git = git;
exports.noise = noise;
exports.planWithChangedFiles = planWithChangedFiles;
const node_crypto_1 = require("node:crypto");
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const composition_1 = require("../../../src/composition");
const storeFixtures_1 = require("./storeFixtures");
function services(root, maxFileBytes, inPlaceMarginBytes) {
    return (0, composition_1.createWorkspaceServices)({ workspaceRoot: root, wasmDir: storeFixtures_1.SQL_WASM_DIR, logger: new storeFixtures_1.RecordingLogger(), maxFileBytes, inPlaceMarginBytes });
}
/** Every entry under `dir` (but `.cleveragents` and what `skip` says) with its type, mode and content hash. */
function hashTree(dir, skip = () => false) {
    const out = {};
    const walk = (rel) => {
        for (const name of (0, node_fs_1.readdirSync)(path.join(dir, rel)).sort()) {
            const r = rel ? `${rel}/${name}` : name;
            if (r === '.cleveragents' || skip(r))
                continue;
            const abs = path.join(dir, r);
            const st = (0, node_fs_1.lstatSync)(abs);
            // a resident process's socket (.cleveragents/run/ of a workspace inside): no content, and no snapshot holds one
            if (st.isSocket())
                continue;
            if (st.isSymbolicLink())
                out[r] = `link:${(0, node_fs_1.readlinkSync)(abs)}`;
            else if (st.isDirectory()) {
                out[`${r}/`] = 'dir';
                walk(r);
            }
            else
                out[r] = `file:${(st.mode & 0o111) !== 0 ? 'x' : '-'}:${(0, node_crypto_1.createHash)('sha256').update((0, node_fs_1.readFileSync)(abs)).digest('hex')}`;
        }
    };
    walk('');
    return out;
}
function write(root, rel, content, mode) {
    const abs = path.join(root, rel);
    (0, node_fs_1.mkdirSync)(path.dirname(abs), { recursive: true });
    (0, node_fs_1.writeFileSync)(abs, content);
    if (mode !== undefined)
        (0, node_fs_1.chmodSync)(abs, mode);
}
function link(root, rel, target) {
    const abs = path.join(root, rel);
    (0, node_fs_1.mkdirSync)(path.dirname(abs), { recursive: true });
    (0, node_fs_1.symlinkSync)(target, abs);
}
function git(cwd, ...args) {
    const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
    return (0, node_child_process_1.execFileSync)('git', args, { cwd, env, encoding: 'utf8' });
}
/** Deterministic pseudo-random bytes (incompressible, so disk figures mean something). */
function noise(bytes, seed) {
    const out = Buffer.alloc(bytes);
    let x = seed * 2654435761 + 1;
    for (let i = 0; i < bytes; i++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        out[i] = x & 0xff;
    }
    return out;
}
/**
 * A plan in `root` with a checkpoint of `files` files (`many/file<i>.txt`, "v1 <i>"), each changed
 * since ("v2 <i>"): a rollback to that checkpoint writes every one of them.
 */
async function planWithChangedFiles(root, files) {
    for (let i = 0; i < files; i++)
        write(root, `many/file${i}.txt`, `v1 ${i}\n`);
    const s = services(root);
    const plan = await s.plans.createPlan({ title: 'big' });
    const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'before' });
    for (let i = 0; i < files; i++)
        write(root, `many/file${i}.txt`, `v2 ${i}\n`);
    return { root, s, plan, checkpoint };
}
//# sourceMappingURL=sandboxFixtures.js.map