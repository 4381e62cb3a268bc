import { UsageError } from '../envelopes/cliErrors';
import { idOrPrefixArg } from './idArg';

// The command lines of line provenance, `agents blame <path>` and `agents log <path>`: groups of
// their own beside `agents plan …`, since they are about a file of the workspace, whichever plans
// wrote it.

export const PROVENANCE_GROUPS = ['blame', 'log'] as const;
export type ProvenanceGroup = (typeof PROVENANCE_GROUPS)[number];

export const PROVENANCE_OPTIONS = {
  plan: { type: 'string' },
  patch: { type: 'boolean', short: 'p' },
} as const;

/** The options each takes beside the global ones. */
export const PROVENANCE_COMMAND_OPTIONS: Record<ProvenanceGroup, readonly (keyof typeof PROVENANCE_OPTIONS)[]> = { blame: ['plan'], log: ['plan', 'patch'] };

/** The parsed options these commands read (args.ts parses the whole command line, where `--plan` may repeat for `remote`). */
type ProvenanceValues = Partial<{ plan: string | string[]; patch: boolean }>;

export type ProvenanceCommand =
  /** `path` as given: relative to the current directory (or absolute), made relative to the workspace when it runs. */
  | { readonly name: 'blame'; readonly path: string; readonly planId?: string }
  | { readonly name: 'log'; readonly path: string; readonly planId?: string; readonly patch: boolean };

export function isProvenanceGroup(word: string | undefined): word is ProvenanceGroup {
  return (PROVENANCE_GROUPS as readonly string[]).includes(word ?? '');
}

/** `blame|log <path> [--plan ID] [-p]`: `args` are the words after the group. */
export function buildProvenanceCommand(name: ProvenanceGroup, args: readonly string[], values: ProvenanceValues): ProvenanceCommand {
  if (args.length === 0) throw new UsageError(`"${name}" needs <path>`, name);
  if (args.length > 1) throw new UsageError(`"${name}" got an unexpected argument ${JSON.stringify(args[1])}`, name);
  const path = args[0]!;
  const plans = values.plan === undefined ? [] : ([] as string[]).concat(values.plan);
  if (plans.length > 1) throw new UsageError(`option --plan is given more than once`, name);
  const plan = plans[0] === undefined ? {} : { planId: idOrPrefixArg(plans[0], 'plan id') };
  return name === 'blame' ? { name, path, ...plan } : { name, path, ...plan, patch: values.patch === true };
}
