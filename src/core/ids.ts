import { z } from 'zod';

/** Crockford base32 ULID, 26 characters, upper case (what the `ulid` package emits). */
export const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** A full git object id: SHA-1 (40 hex) or SHA-256 (64 hex). */
export const OBJECT_ID_PATTERN = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

export const UlidSchema = z
  .string()
  .regex(ULID_PATTERN, { message: 'must be a ULID (26 characters of Crockford base32)' });

export const ObjectIdSchema = z
  .string()
  .regex(OBJECT_ID_PATTERN, { message: 'must be a full git object id (40 or 64 lower-case hex)' });

/** ISO-8601 UTC timestamp as stored in the database, e.g. 2026-11-29T09:46:32.123Z. */
export const UtcTimestampSchema = z.iso.datetime({ offset: false }).max(30);

/**
 * A path relative to a sandbox or workspace: POSIX separators, no leading slash, no `..` segment,
 * no NUL. `.` means the root itself.
 */
export const RelativePathSchema = z
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
export const RecordedPathSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => !p.includes('\0'), 'must not contain NUL')
  .refine((p) => !p.startsWith('/'), 'must be relative')
  .refine((p) => p.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..'), 'must not contain an empty, "." or ".." segment');

/** How paths of a platform are read: Windows also splits at a backslash and ignores case. */
export interface PathRules {
  readonly backslashSeparates: boolean;
  readonly foldCase: boolean;
}

/**
 * The one check of a path that a snapshot, a journal or a database row names, made before anything
 * writes, renames or deletes through it (all of that is untrusted input: `.cleveragents/` arrives
 * with whatever the user clones). Undefined for a clean relative path inside its root; else why
 * not: absolute, a NUL, an empty, `.` or `..` component, or a `.git` or `.cleveragents` component
 * (git's own folder and ours, which no snapshot captures). `.git` is compared as git does
 * (`core.protectNTFS`): any case, trailing dots and spaces ignored.
 */
export function unsafePathReason(p: string, rules: PathRules): string | undefined {
  if (p === '') return 'it is empty';
  if (p.includes('\0')) return 'it holds a NUL';
  if (p.startsWith('/') || (rules.backslashSeparates && (p.startsWith('\\') || /^[A-Za-z]:/.test(p)))) return 'it is absolute';
  for (const part of p.split(rules.backslashSeparates ? /[\\/]/ : '/')) {
    if (part === '') return 'it has an empty component';
    if (part === '.' || part === '..') return `it has a "${part}" component`;
    if (part.replace(/[. ]+$/, '').toLowerCase() === '.git') return 'it has a ".git" component';
    if ((rules.foldCase ? part.toLowerCase() : part) === '.cleveragents') return 'it has a ".cleveragents" component';
  }
  return undefined;
}

export function isUlid(value: string): boolean {
  return ULID_PATTERN.test(value);
}
