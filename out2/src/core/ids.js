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
exports.RecordedPathSchema = exports.RelativePathSchema = exports.UtcTimestampSchema = exports.ObjectIdSchema = exports.UlidSchema = exports.OBJECT_ID_PATTERN = exports.ULID_PATTERN = void 0;
exports.unsafePathReason = unsafePathReason;
exports.isUlid = isUlid;
const z = __importStar(require("zod"));
/** Crockford base32 ULID, 26 characters, upper case (what the `ulid` package emits). */
exports.ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
/** A full git object id: SHA-1 (40 hex) or SHA-256 (64 hex). */
exports.OBJECT_ID_PATTERN = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
exports.UlidSchema = z
    .string()
    .regex(exports.ULID_PATTERN, { message: 'must be a ULID (26 characters of Crockford base32)' });
exports.ObjectIdSchema = z
    .string()
    .regex(exports.OBJECT_ID_PATTERN, { message: 'must be a full git object id (40 or 64 lower-case hex)' });
/** ISO-8601 UTC timestamp as stored in the database, e.g. 2026-11-29T09:46:32.123Z. */
exports.UtcTimestampSchema = z.iso.datetime({ offset: false }).max(30);
/**
 * A path relative to a sandbox or workspace: POSIX separators, no leading slash, no `..` segment,
 * no NUL. `.` means the root itself.
 */
exports.RelativePathSchema = z
    .string()
    .min(1)
    .max(4096)
    .refine((p) => !p.includes('\0'), 'must not contain NUL')
    .refine((p) => !p.startsWith('/') && !/^[A-Za-z]:/.test(p), 'must be relative')
    .refine((p) => !p.split(/[\\/]/).includes('..'), 'must not contain ".."');
/**
 * A path exactly as git records it in a snapshot: `/`-separated, relative, no `.` or `..` segment,
 * no NUL. Unlike {@link RelativePathSchema}, a backslash is an ordinary character of a file name
 * (POSIX allows `big\\..\\z.bin` as one name), so this is for paths we report, never for paths
 * we are asked to open.
 */
exports.RecordedPathSchema = z
    .string()
    .min(1)
    .max(4096)
    .refine((p) => !p.includes('\0'), 'must not contain NUL')
    .refine((p) => !p.startsWith('/'), 'must be relative')
    .refine((p) => p.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..'), 'must not contain an empty, "." or ".." segment');
/**
 * The one check of a path that a snapshot, a journal or a database row names, made before anything
 * writes, renames or deletes through it (all of that is untrusted input: `.cleveragents/` arrives
 * with whatever the user clones). Undefined for a clean relative path inside its root; else why
 * not: absolute, a NUL, an empty, `.` or `..` component, or a `.git` or `.cleveragents` component
 * (git's own folder and ours, which no snapshot captures). `.git` is compared as git does
 * (`core.protectNTFS`, `core.protectHFS`): any case, trailing dots and spaces ignored.
 *
 * With `windowsNames`, a name is also read as Windows reads it: trailing dots and spaces dropped
 * (`.cleveragents.` is `.cleveragents`), a short 8.3 alias (`GIT~1`, `CLEVER~1`) may name either
 * folder, and a colon opens an alternate data stream of the name before it (`.git::$INDEX_ALLOCATION`
 * is the folder `.git`), so any colon is refused. Where case is folded (Windows, macOS), the
 * characters HFS+ ignores in names (zero-width joiners, direction marks) are dropped before comparing.
 */
function unsafePathReason(p, rules) {
    if (p === '')
        return 'it is empty';
    if (p.includes('\0'))
        return 'it holds a NUL';
    if (p.startsWith('/') || (rules.backslashSeparates && (p.startsWith('\\') || /^[A-Za-z]:/.test(p))))
        return 'it is absolute';
    const windows = rules.windowsNames === true;
    for (const part of p.split(rules.backslashSeparates ? /[\\/]/ : '/')) {
        if (part === '')
            return 'it has an empty component';
        if (part === '.' || part === '..')
            return `it has a "${part}" component`;
        if (windows && part.includes(':'))
            return 'it has a ":" (a Windows alternate data stream)';
        const name = comparableName(part, rules);
        if (windows && name === '')
            return `it has a "${part}" component (Windows drops its trailing dots and spaces)`;
        const lower = name.toLowerCase();
        if (lower.replace(/[. ]+$/, '') === '.git' || (windows && /^git~\d+$/.test(lower)))
            return 'it has a ".git" component';
        if (name === '.cleveragents' || (windows && /^clever~\d+$/.test(lower)))
            return 'it has a ".cleveragents" component';
    }
    return undefined;
}
/** Characters HFS+ leaves out of a name when it compares names (git's is_hfs_dotgit list). */
const HFS_IGNORED = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;
/** A path component as the platform's file system compares it: case and HFS+'s ignored characters where case is folded, trailing dots and spaces on Windows. */
function comparableName(part, rules) {
    const name = rules.foldCase ? part.replace(HFS_IGNORED, '').toLowerCase() : part;
    return rules.windowsNames ? name.replace(/[. ]+$/, '') : name;
}
function isUlid(value) {
    return exports.ULID_PATTERN.test(value);
}
//# sourceMappingURL=ids.js.map