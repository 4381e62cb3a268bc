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
exports.summarizeCpuProfile = summarizeCpuProfile;
exports.medianOf = medianOf;
exports.p95Of = p95Of;
// The hooked-path benchmark's results: its rows (every sample kept, for medians and p95) and its
// profiles (phase timers and node's CPU profile of one hooked call, by top self-time).
const path = __importStar(require("node:path"));
/** Self time by function (name, file and line), in ms, most first: the `limit` largest. */
function summarizeCpuProfile(profile, limit = 12) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map();
    for (let i = 0; i < profile.samples.length; i++) {
        const node = byId.get(profile.samples[i]);
        if (!node)
            continue;
        const { functionName, url, lineNumber } = node.callFrame;
        const where = url ? ` ${path.basename(url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
        const key = `${functionName || '(anonymous)'}${where}`;
        // timeDeltas[i] is the time before sample i; the sample stands for the interval that ends there
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    }
    return [...self].sort((a, b) => b[1] - a[1]).slice(0, limit);
}
function medianOf(xs) {
    const s = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(s.length / 2);
    return s.length === 0 ? Number.NaN : s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
/** Nearest rank: p95 of 10 samples is the largest. */
function p95Of(xs) {
    if (xs.length === 0)
        return Number.NaN;
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.max(0, Math.ceil(0.95 * s.length) - 1))];
}
//# sourceMappingURL=benchHookReport.js.map