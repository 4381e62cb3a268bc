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
exports.PLATFORM_PATH_RULES = exports.KEY_PATTERN = void 0;
exports.headRef = headRef;
exports.indexRef = indexRef;
exports.operationRef = operationRef;
exports.pinRef = pinRef;
exports.pinPath = pinPath;
exports.assertKey = assertKey;
exports.assertPin = assertPin;
exports.assertObjectId = assertObjectId;
exports.objectIdIn = objectIdIn;
exports.unsafeReason = unsafeReason;
exports.assertRelative = assertRelative;
exports.assertSnapshotPaths = assertSnapshotPaths;
const path = __importStar(require("node:path"));
const errors_1 = require("../../core/errors");
const ids_1 = require("../../core/ids");
// The names the shadow store gives things (sandbox keys, pins, refs) and the checks that a value
// is one before it reaches git.
const ULID = ids_1.ULID_PATTERN.source.slice(1, -1);
exports.KEY_PATTERN = new RegExp(`^(?:${ULID}|workspace)$`);
const PIN_PATTERN = new RegExp(`^${ULID}/(?:${ULID}|base|before-apply|applied)$`);
function headRef(key) {
    return `refs/sandboxes/${key}/last`;
}
/** Keeps what a sandbox's index names alive through a garbage collection. */
function indexRef(key) {
    return `refs/sandboxes/${key}/index`;
}
/** Keeps one side (`from` or `to`) of a plan's open operation record alive until the record is cleared. */
function operationRef(planId, side) {
    return `refs/operations/${planId}/${side}`;
}
function pinRef(pin) {
    return `refs/checkpoints/${pin}`;
}
/** Where the pin lives relative to the checkpoint directory (until git packs its refs). */
function pinPath(pin) {
    return `shadow.git/${pinRef(pin)}`;
}
function assertKey(key) {
    if (!exports.KEY_PATTERN.test(key))
        throw new errors_1.ValidationError(`not a sandbox key: ${JSON.stringify(key)}`);
}
function assertPin(pin) {
    if (!PIN_PATTERN.test(pin))
        throw new errors_1.ValidationError(`not a checkpoint pin: ${JSON.stringify(pin)}`);
}
function assertObjectId(ref) {
    if (!ids_1.OBJECT_ID_PATTERN.test(ref))
        throw new errors_1.ValidationError(`not a git object id: ${JSON.stringify(ref)}`);
}
/** The object id a git command printed. */
function objectIdIn(output) {
    const oid = output.trim();
    assertObjectId(oid);
    return oid;
}
/** This platform's way of reading a path (see {@link unsafePathReason}). */
exports.PLATFORM_PATH_RULES = {
    backslashSeparates: path.sep === '\\',
    foldCase: process.platform === 'win32' || process.platform === 'darwin',
    windowsNames: process.platform === 'win32',
};
/** Why this path must not be written through on this platform; undefined when it is a clean relative path. */
function unsafeReason(p) {
    return (0, ids_1.unsafePathReason)(p, exports.PLATFORM_PATH_RULES);
}
/** A path we were asked about (a restore's paths, the paths a restore leaves alone), refused unless clean. */
function assertRelative(p) {
    const reason = unsafeReason(p);
    if (reason !== undefined)
        throw new errors_1.ValidationError(`not a clean relative path (${reason}): ${JSON.stringify(p)}`);
    return p;
}
/**
 * Refuses, before anything is written, a snapshot (or an index) of the store that names a path
 * this program never records: a tree crafted with git's plumbing (an entry `..`, `.git`, or
 * `a/../../x`) would otherwise be renamed, deleted or written outside the sandbox.
 */
function assertSnapshotPaths(snapshot, paths) {
    for (const p of paths) {
        const reason = unsafeReason(p);
        if (reason === undefined)
            continue;
        throw new errors_1.StoreError(`Checkpoint store refused: snapshot ${snapshot} names an unsafe path '${JSON.stringify(p).slice(1, -1)}' (${reason}), which CleverAgents never records. ` +
            'Nothing was changed. The store in .cleveragents/ was not written like this by CleverAgents (it may have come with a cloned or unpacked workspace); remove .cleveragents/ if you do not trust it.');
    }
}
//# sourceMappingURL=storeNames.js.map