import { ValidationError, describeIssues } from '../core/errors';
import { IdOrPrefixSchema } from '../core/idPrefix';

/** A whole id, or a prefix of one that `resolveIdPrefixes` makes whole once the data is open. */
export function idOrPrefixArg(value: string | undefined, what: string): string {
  const parsed = IdOrPrefixSchema.safeParse(value);
  if (!parsed.success) throw new ValidationError(`${what} ${JSON.stringify(value)} ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}
