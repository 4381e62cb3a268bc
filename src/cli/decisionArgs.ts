import { parseId } from '../core/serviceDeps';
import { idOrPrefixArg } from './idArg';
import { UsageError } from '../envelopes/cliErrors';

// The command line of decisions, corrections and restoring chosen paths; kept apart from args.ts
// so that the commands of plans and checkpoints read on their own.

export const DECISION_SUBCOMMANDS = ['restore', 'decide', 'decisions', 'correct'] as const;
export type DecisionSubcommand = (typeof DECISION_SUBCOMMANDS)[number];

export const DECISION_OPTIONS = {
  rationale: { type: 'string' },
  'depends-on': { type: 'string', multiple: true },
  preview: { type: 'boolean' },
  'keep-independent': { type: 'boolean' },
} as const;

type Option = 'yes' | 'undo' | 'title' | 'decision' | keyof typeof DECISION_OPTIONS;

/** The parsed options these commands read (args.ts parses the whole command line). */
type DecisionValues = Partial<{ yes: boolean; undo: boolean; title: string; decision: string; rationale: string; 'depends-on': string[]; preview: boolean; 'keep-independent': boolean }>;

export const DECISION_COMMANDS: Record<DecisionSubcommand, { options: readonly Option[]; positionals: readonly string[]; variadic?: boolean }> = {
  restore: { options: ['yes'], positionals: ['plan_id', 'checkpoint_id', 'path'], variadic: true },
  decide: { options: ['title', 'rationale', 'depends-on', 'decision'], positionals: ['plan_id'] },
  decisions: { options: [], positionals: ['plan_id'] },
  correct: { options: ['yes', 'preview', 'keep-independent', 'undo'], positionals: ['plan_id', 'decision_id'] },
};

export type DecisionCommand =
  | { readonly name: 'restore'; readonly planId: string; readonly checkpointId: string; readonly paths: string[]; readonly yes: boolean }
  | { readonly name: 'decide'; readonly planId: string; readonly title: string; readonly rationale?: string; readonly dependsOn: string[]; readonly decisionId?: string }
  | { readonly name: 'decisions'; readonly planId: string }
  | { readonly name: 'correct'; readonly planId: string; readonly decisionId: string; readonly yes: boolean; readonly preview: boolean; readonly keepIndependent: boolean }
  | { readonly name: 'correct-undo'; readonly planId: string; readonly correctionId: string; readonly yes: boolean };

export function buildDecisionCommand(name: DecisionSubcommand, args: string[], values: DecisionValues): DecisionCommand {
  const planId = idOrPrefixArg(args[0], 'plan id');
  switch (name) {
    case 'restore':
      // The paths are checked by the core, which owns the rule.
      return { name, planId, checkpointId: idOrPrefixArg(args[1], 'checkpoint id'), paths: args.slice(2), yes: values.yes === true };
    case 'decide':
      if (values.title === undefined) throw new UsageError('"plan decide" needs --title TEXT', name);
      return {
        name,
        planId,
        title: values.title,
        rationale: values.rationale,
        dependsOn: (values['depends-on'] ?? []).map((d) => parseId(d, '--depends-on')),
        decisionId: values.decision === undefined ? undefined : parseId(values.decision, '--decision'),
      };
    case 'decisions':
      return { name, planId };
    case 'correct':
      if (values.undo) {
        if (values.preview || values['keep-independent']) throw new UsageError('--undo takes neither --preview nor --keep-independent', name);
        return { name: 'correct-undo', planId, correctionId: idOrPrefixArg(args[1], 'correction id'), yes: values.yes === true };
      }
      return {
        name,
        planId,
        decisionId: idOrPrefixArg(args[1], 'decision id'),
        yes: values.yes === true,
        preview: values.preview === true,
        keepIndependent: values['keep-independent'] === true,
      };
  }
}
