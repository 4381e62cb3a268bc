"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CorrectionConflictError = exports.ApplyConflictError = exports.IncompleteRestoreError = exports.SandboxError = exports.OperationCancelled = exports.UnreadableDatabaseError = exports.StoreRefusedError = exports.StoreError = exports.ValidationError = exports.NotFoundError = exports.UncapturedFilesError = exports.BusinessRuleViolation = exports.CheckpointError = void 0;
exports.isCheckpointError = isCheckpointError;
exports.describeIssues = describeIssues;
const displayText_1 = require("./displayText");
// The names of an error's classes, its own first, up to CheckpointError: what `instanceof` reads.
const CLASS_NAMES = Symbol.for('cleveragents.errorClassNames');
/** Base of every error the product reports to users; `type` is what the CLI's JSON calls it. */
class CheckpointError extends Error {
    constructor(message, options) {
        super(message, options);
        this.name = new.target.name;
        const names = [];
        for (let c = new.target; typeof c === 'function' && c !== Error; c = Object.getPrototypeOf(c))
            names.push(c.name);
        Object.defineProperty(this, CLASS_NAMES, { value: names });
    }
    /**
     * `error instanceof NotFoundError` holds for a NotFoundError made by another copy of this module:
     * the extension's engine is a bundle of its own (dist/extensionEngine.js) with its own copy, and
     * the extension tells its errors apart with instanceof. The class names are kept in the bundles
     * (esbuild's keepNames) and no two error classes share one.
     */
    static [Symbol.hasInstance](value) {
        if (Function.prototype[Symbol.hasInstance].call(this, value))
            return true;
        const names = typeof value === 'object' && value !== null ? value[CLASS_NAMES] : undefined;
        return Array.isArray(names) && names.includes(this.name);
    }
}
exports.CheckpointError = CheckpointError;
/** A rule of the domain refuses the operation (the spec's BusinessRuleViolation). */
class BusinessRuleViolation extends CheckpointError {
    type = 'BusinessRuleViolation';
    static planApplied() {
        return new BusinessRuleViolation('Rollback blocked: plan is already applied');
    }
    static sandboxMissing() {
        return new BusinessRuleViolation('Rollback blocked: sandbox is missing');
    }
}
exports.BusinessRuleViolation = BusinessRuleViolation;
/**
 * A restore or apply would overwrite or delete files that no snapshot holds (ignored, too large,
 * unreadable, nested repositories): nothing could bring them back, so it is refused with the list.
 */
class UncapturedFilesError extends BusinessRuleViolation {
    paths;
    constructor(operation, paths) {
        super(`${operation} blocked: ${(0, displayText_1.plural)(paths.length, 'path')} ${paths.length === 1 ? 'holds' : 'hold'} files that checkpoints have not captured (ignored, too large, unreadable or nested repositories), ` +
            `which it would overwrite or delete: ${paths.slice(0, 10).join(', ')}${paths.length > 10 ? `, and ${(0, displayText_1.formatCount)(paths.length - 10)} more` : ''}. ` +
            'Move them out of the way, then try again.');
        this.paths = paths;
    }
}
exports.UncapturedFilesError = UncapturedFilesError;
class NotFoundError extends CheckpointError {
    entity;
    id;
    type = 'NotFound';
    constructor(entity, id) {
        // The reference's "Not found: <entity>", then the id asked for: which one is what a person needs to know.
        super(`Not found: ${entity}${id ? ` ${(0, displayText_1.escapeUnsafe)([...id].slice(0, 40).join(''))}` : ''}`);
        this.entity = entity;
        this.id = id;
    }
}
exports.NotFoundError = NotFoundError;
/** Input that does not fit; the message starts with the spec's "Validation Error". */
class ValidationError extends CheckpointError {
    detail;
    type = 'ValidationError';
    constructor(detail) {
        super(`Validation Error: ${detail}`);
        this.detail = detail;
    }
}
exports.ValidationError = ValidationError;
/**
 * The database file cannot be used: not SQLite, truncated, or from a newer version. The file is
 * left exactly as it was; the message names it and says how to recover.
 */
class StoreError extends CheckpointError {
    type = 'StoreError';
}
exports.StoreError = StoreError;
/**
 * Something under the data folder is not in the shape this program writes it: a store config with
 * a key it never sets, an alternates file, a symbolic link out of the workspace. `.cleveragents/`
 * arrives with whatever the user clones, so such a thing is refused before git or a write acts on it;
 * the message names the file and what to do.
 */
class StoreRefusedError extends StoreError {
}
exports.StoreRefusedError = StoreRefusedError;
/**
 * The database file is there but cannot be used as it is (not SQLite, damaged, truncated, of
 * another program or a newer release). It is left alone: the way out is to move it aside, which
 * the UI offers for this error (and only for it).
 */
class UnreadableDatabaseError extends StoreError {
}
exports.UnreadableDatabaseError = UnreadableDatabaseError;
/** The user stopped a long operation before its first write: nothing was changed. */
class OperationCancelled extends CheckpointError {
    type = 'Cancelled';
}
exports.OperationCancelled = OperationCancelled;
/** The sandbox could not be snapshotted or restored (git failed, disk full, permissions...). */
class SandboxError extends CheckpointError {
    type = 'SandboxError';
}
exports.SandboxError = SandboxError;
/**
 * A restore failed half-way and its files could not be put back: the sandbox holds a mix, and the
 * operation stays recorded as interrupted until `recover` resolves it.
 */
class IncompleteRestoreError extends SandboxError {
}
exports.IncompleteRestoreError = IncompleteRestoreError;
/**
 * An isolated sandbox cannot be applied: the workspace changed, differently, a path the sandbox
 * changed, or a path inside or above one (a folder the sandbox replaced by a file, say).
 */
class ApplyConflictError extends CheckpointError {
    conflicts;
    type = 'ApplyConflict';
    constructor(conflicts) {
        super(`Apply blocked: ${(0, displayText_1.plural)(conflicts.length, 'file')} changed in both the workspace and the sandbox: ` +
            conflicts.slice(0, 10).join(', ') +
            (conflicts.length > 10 ? `, and ${(0, displayText_1.formatCount)(conflicts.length - 10)} more` : ''));
        this.conflicts = conflicts;
    }
}
exports.ApplyConflictError = ApplyConflictError;
/**
 * A correction that keeps independent work cannot restore a path that both a reverted decision and
 * a decision that stays changed: refused, with the list.
 */
class CorrectionConflictError extends CheckpointError {
    conflicts;
    type = 'CorrectionConflict';
    /** `message`: a subclass's own words for why these paths conflict. */
    constructor(conflicts, message) {
        super(message ??
            `Correction blocked: ${(0, displayText_1.plural)(conflicts.length, 'path')} ${conflicts.length === 1 ? 'was' : 'were'} changed both by the decisions it reverts and by decisions that stay: ` +
                conflicts.slice(0, 10).join(', ') +
                (conflicts.length > 10 ? `, and ${(0, displayText_1.formatCount)(conflicts.length - 10)} more` : '') +
                '. Correct without keeping independent work, or restore those paths by hand.');
        this.conflicts = conflicts;
    }
}
exports.CorrectionConflictError = CorrectionConflictError;
function isCheckpointError(error) {
    return error instanceof CheckpointError;
}
/** A zod issue list as one line a user can act on. */
function describeIssues(issues) {
    return issues
        .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
        .join('; ');
}
//# sourceMappingURL=errors.js.map