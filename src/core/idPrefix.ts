import * as z from 'zod';
import { escapeUnsafe } from './displayText';
import { NotFoundError, ValidationError } from './errors';
import { ULID_PATTERN } from './ids';
import { MIN_SHORT_ID, ShortIds } from './shortIds';

/** The shortest part of an id that a person may type, as git accepts short hashes. */
export const MIN_ID_PREFIX = MIN_SHORT_ID;

/**
 * A whole ULID, or 4 to 25 of its characters: its short form (its last characters, as the tree and
 * the CLI's text show it) or its first ones. Crockford base32 is read without regard to case, so
 * `01m8rwss` is `01M8RWSS`.
 */
export const IdOrPrefixSchema = z
  .string()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(new RegExp(`^[0-9A-HJKMNP-TV-Z]{${MIN_ID_PREFIX},26}$`), { message: `must be a ULID (26 characters of Crockford base32), or its short form (${MIN_ID_PREFIX} or more of its last characters, or of its first)` }));

export function isWholeId(value: string): boolean {
  return ULID_PATTERN.test(value);
}

/** A candidate for a short id: its id, and how a person recognises it among the others. */
export interface IdCandidate {
  readonly id: string;
  readonly label: string;
}

type Entity = NotFoundError['entity'];

/** How many candidates an ambiguous id names: enough to pick from, few enough to read. */
export const AMBIGUOUS_SHOWN = 5;

/**
 * A short id that fits several ids: refused, naming a few of them (their short forms among those
 * that fit, which are what to type) one per line. The message is one line (JSON, toasts); the CLI's
 * text prints `candidates` below it.
 */
export class AmbiguousIdError extends ValidationError {
  constructor(
    readonly entity: Entity,
    readonly given: string,
    /** `<short id>  <label>`, at most AMBIGUOUS_SHOWN, then `and N more` when there are. */
    readonly candidates: readonly string[],
    readonly count: number,
  ) {
    super(`${entity} id "${given}" is ambiguous: it fits ${count} ${entity}s; give more characters, for instance one of: ${candidates.join('; ')}`);
  }
}

/**
 * The one id among `candidates` that `given` is, ends with (the short form) or begins with. A
 * whole id is taken as it is (the command's own lookup reports one that does not exist). None
 * fitting is the entity's NotFound, naming `given`; more than one is refused with a few candidates.
 */
export function resolveIdPrefix(given: string, candidates: readonly IdCandidate[], entity: Entity): string {
  if (isWholeId(given)) return given;
  const matches = candidates.filter((c) => c.id.endsWith(given) || c.id.startsWith(given));
  if (matches.length === 1) return matches[0]!.id;
  if (matches.length === 0) throw new NotFoundError(entity, given);
  const short = new ShortIds(matches.map((c) => c.id));
  const shown = matches.slice(-AMBIGUOUS_SHOWN).reverse().map((c) => `${short.of(c.id)}  ${escapeUnsafe(c.label)}`);
  if (matches.length > AMBIGUOUS_SHOWN) shown.push(`and ${matches.length - AMBIGUOUS_SHOWN} more`);
  throw new AmbiguousIdError(entity, given, shown, matches.length);
}

/** A checkpoint id as given (whole, short or a prefix) made whole among its plan's checkpoints; a whole id costs nothing. */
export async function resolveCheckpointId(checkpoints: { listCheckpoints(planId: string): Promise<readonly { readonly checkpoint_id: string; readonly checkpoint_type: string; readonly created_at: string; readonly metadata: { readonly reason: string | null } }[]> }, planId: string, given: string): Promise<string> {
  if (isWholeId(given)) return given;
  const list = await checkpoints.listCheckpoints(planId);
  return resolveIdPrefix(given, list.map((c) => ({ id: c.checkpoint_id, label: `${c.checkpoint_type}, ${c.created_at}${c.metadata.reason ? `, ${c.metadata.reason.slice(0, 60)}` : ''}` })), 'checkpoint');
}
