import * as z from 'zod';
import { NotFoundError, ValidationError } from './errors';
import { ULID_PATTERN } from './ids';

/** The shortest prefix of an id that a person may type, as git accepts short hashes. */
export const MIN_ID_PREFIX = 4;

/**
 * A whole ULID, or the first 4 to 25 of its characters. Crockford base32 is read without regard to
 * case, so `01m8rwss` is `01M8RWSS`.
 */
export const IdOrPrefixSchema = z
  .string()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(new RegExp(`^[0-9A-HJKMNP-TV-Z]{${MIN_ID_PREFIX},26}$`), { message: `must be a ULID (26 characters of Crockford base32), or its first ${MIN_ID_PREFIX} or more` }));

export function isWholeId(value: string): boolean {
  return ULID_PATTERN.test(value);
}

/** A candidate for a prefix: its id, and how a person recognises it among the others. */
export interface IdCandidate {
  readonly id: string;
  readonly label: string;
}

type Entity = NotFoundError['entity'];

/**
 * The one id among `candidates` that `given` is, or begins. A whole id is taken as it is (the
 * command's own lookup reports one that does not exist). None matching is the entity's NotFound;
 * more than one is refused with every candidate named, so the user can type one more character.
 */
export function resolveIdPrefix(given: string, candidates: readonly IdCandidate[], entity: Entity): string {
  if (isWholeId(given)) return given;
  const matches = candidates.filter((c) => c.id.startsWith(given));
  if (matches.length === 1) return matches[0]!.id;
  if (matches.length === 0) throw new NotFoundError(entity, given);
  const shown = matches.slice(0, 10).map((c) => `${c.id} (${c.label})`);
  const more = matches.length > 10 ? `, and ${matches.length - 10} more` : '';
  throw new ValidationError(`${entity} id prefix "${given}" is ambiguous: it begins ${matches.length} ${entity} ids: ${shown.join(', ')}${more}. Give more characters.`);
}
