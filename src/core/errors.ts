import { escapeUnsafe, formatCount, plural } from './displayText';
// The names of an error's classes, its own first, up to CheckpointError: what `instanceof` reads.
const CLASS_NAMES = Symbol.for('cleveragents.errorClassNames');

/** Base of every error the product reports to users; `type` is what the CLI's JSON calls it. */
export abstract class CheckpointError extends Error {
  abstract readonly type: string;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    const names: string[] = [];
    for (let c: unknown = new.target; typeof c === 'function' && c !== Error; c = Object.getPrototypeOf(c)) names.push((c as { name: string }).name);
    Object.defineProperty(this, CLASS_NAMES, { value: names });
  }

  /**
   * `error instanceof NotFoundError` holds for a NotFoundError made by another copy of this module:
   * the extension's engine is a bundle of its own (dist/extensionEngine.js) with its own copy, and
   * the extension tells its errors apart with instanceof. The class names are kept in the bundles
   * (esbuild's keepNames) and no two error classes share one.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    const names = typeof value === 'object' && value !== null ? (value as { [CLASS_NAMES]?: unknown })[CLASS_NAMES] : undefined;
    return Array.isArray(names) && names.includes(this.name);
  }
}

/** A rule of the domain refuses the operation (the spec's BusinessRuleViolation). */
export class BusinessRuleViolation extends CheckpointError {
  readonly type = 'BusinessRuleViolation';
  static planApplied(): BusinessRuleViolation {
    return new BusinessRuleViolation('Rollback blocked: plan is already applied');
  }
  static sandboxMissing(): BusinessRuleViolation {
    return new BusinessRuleViolation('Rollback blocked: sandbox is missing');
  }
}

/**
 * A restore or apply would overwrite or delete files that no snapshot holds (ignored, too large,
 * unreadable, nested repositories): nothing could bring them back, so it is refused with the list.
 */
export class UncapturedFilesError extends BusinessRuleViolation {
  constructor(
    operation: 'Rollback' | 'Apply',
    readonly paths: readonly string[],
  ) {
    super(
      `${operation} blocked: ${plural(paths.length, 'path')} ${paths.length === 1 ? 'holds' : 'hold'} files that checkpoints have not captured (ignored, too large, unreadable or nested repositories), ` +
        `which it would overwrite or delete: ${paths.slice(0, 10).join(', ')}${paths.length > 10 ? `, and ${formatCount(paths.length - 10)} more` : ''}. ` +
        'Move them out of the way, then try again.',
    );
  }
}

export class NotFoundError extends CheckpointError {
  readonly type = 'NotFound';
  constructor(readonly entity: 'checkpoint' | 'plan' | 'decision' | 'correction' | 'file', readonly id?: string) {
    // The reference's "Not found: <entity>", then the id asked for: which one is what a person needs to know.
    super(`Not found: ${entity}${id ? ` ${escapeUnsafe([...id].slice(0, 40).join(''))}` : ''}`);
  }
}

/** Input that does not fit; the message starts with the spec's "Validation Error". */
export class ValidationError extends CheckpointError {
  readonly type = 'ValidationError';
  constructor(readonly detail: string) {
    super(`Validation Error: ${detail}`);
  }
}

/**
 * The database file cannot be used: not SQLite, truncated, or from a newer version. The file is
 * left exactly as it was; the message names it and says how to recover.
 */
export class StoreError extends CheckpointError {
  readonly type = 'StoreError';
}

/**
 * Something under the data folder is not in the shape this program writes it: a store config with
 * a key it never sets, an alternates file, a symbolic link out of the workspace. `.cleveragents/`
 * arrives with whatever the user clones, so such a thing is refused before git or a write acts on it;
 * the message names the file and what to do.
 */
export class StoreRefusedError extends StoreError {}

/**
 * The database file is there but cannot be used as it is (not SQLite, damaged, truncated, of
 * another program or a newer release). It is left alone: the way out is to move it aside, which
 * the UI offers for this error (and only for it).
 */
export class UnreadableDatabaseError extends StoreError {}

/** The user stopped a long operation before its first write: nothing was changed. */
export class OperationCancelled extends CheckpointError {
  readonly type = 'Cancelled';
}

/** The sandbox could not be snapshotted or restored (git failed, disk full, permissions...). */
export class SandboxError extends CheckpointError {
  readonly type = 'SandboxError';
}

/**
 * A restore failed half-way and its files could not be put back: the sandbox holds a mix, and the
 * operation stays recorded as interrupted until `recover` resolves it.
 */
export class IncompleteRestoreError extends SandboxError {}

/**
 * An isolated sandbox cannot be applied: the workspace changed, differently, a path the sandbox
 * changed, or a path inside or above one (a folder the sandbox replaced by a file, say).
 */
export class ApplyConflictError extends CheckpointError {
  readonly type = 'ApplyConflict';
  constructor(readonly conflicts: readonly string[]) {
    super(
      `Apply blocked: ${plural(conflicts.length, 'file')} changed in both the workspace and the sandbox: ` +
        conflicts.slice(0, 10).join(', ') +
        (conflicts.length > 10 ? `, and ${formatCount(conflicts.length - 10)} more` : ''),
    );
  }
}

/**
 * A correction that keeps independent work cannot restore a path that both a reverted decision and
 * a decision that stays changed: refused, with the list.
 */
export class CorrectionConflictError extends CheckpointError {
  readonly type = 'CorrectionConflict';
  /** `message`: a subclass's own words for why these paths conflict. */
  constructor(
    readonly conflicts: readonly string[],
    message?: string,
  ) {
    super(
      message ??
        `Correction blocked: ${plural(conflicts.length, 'path')} ${conflicts.length === 1 ? 'was' : 'were'} changed both by the decisions it reverts and by decisions that stay: ` +
          conflicts.slice(0, 10).join(', ') +
          (conflicts.length > 10 ? `, and ${formatCount(conflicts.length - 10)} more` : '') +
          '. Correct without keeping independent work, or restore those paths by hand.',
    );
  }
}

export function isCheckpointError(error: unknown): error is CheckpointError {
  return error instanceof CheckpointError;
}

/** A zod issue list as one line a user can act on. */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}
