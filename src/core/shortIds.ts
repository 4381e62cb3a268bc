import type { UnitOfWork } from './ports';

// Short ids a person can read and type. A ULID is 10 characters of time and 16 random ones; the ids
// one session makes share their time part (and the monotonic factory makes ids of one millisecond
// differ only in their last characters), so a short form is taken from the end: the fewest last
// characters, at least MIN_SHORT_ID, that no other id of the workspace ends with.

/** The fewest characters a short id has (as git's short hashes). */
export const MIN_SHORT_ID = 4;

/** The random part of a ULID: a short form longer than this would say nothing more than the whole id. */
const RANDOM_PART = 16;

/**
 * A whole id standing alone in text: not part of a longer word, nor of a path (`sandboxes/<id>`
 * names a folder, `<id>.json` a file); a full stop that ends a sentence is no part of it.
 */
const ULID_IN_TEXT = /(?<![0-9A-Za-z/\\_.-])[0-9A-HJKMNP-TV-Z]{26}(?![0-9A-Za-z/\\_-]|\.[0-9A-Za-z])/g;

/** Each whole id's short form, made unique among all the given ids (of every kind: plans, checkpoints, decisions, corrections). */
export class ShortIds {
  private readonly shortOf = new Map<string, string>();

  constructor(ids: Iterable<string>) {
    // Sorted by their reversed text, an id's nearest rivals for its ending are its neighbours.
    const reversed = [...new Set(ids)].map((id) => [...id].reverse().join('')).sort();
    for (let i = 0; i < reversed.length; i++) {
      const r = reversed[i]!;
      const shared = Math.max(commonStart(r, reversed[i - 1]), commonStart(r, reversed[i + 1]));
      const length = Math.max(MIN_SHORT_ID, shared + 1);
      const id = [...r].reverse().join('');
      this.shortOf.set(id, length > RANDOM_PART ? id : id.slice(-length));
    }
  }

  /** The short form of an id of the workspace; any other text as given. */
  of(id: string): string {
    return this.shortOf.get(id) ?? id;
  }

  /** Text with each whole id of the workspace it holds in its short form (ids it does not know stay whole). */
  shorten(text: string): string {
    return text.replace(ULID_IN_TEXT, (id) => this.of(id));
  }
}

function commonStart(a: string, b: string | undefined): number {
  if (b === undefined) return 0;
  let n = 0;
  while (n < a.length && a[n] === b[n]) n++;
  return n;
}

/** What the ids of a workspace are read from: the services' listings (a narrow view, so tests and both front ends can pass theirs). */
export interface IdSources {
  readonly plans: { listPlans(): Promise<readonly { readonly plan_id: string }[]> };
  readonly checkpoints: { listCheckpoints(planId: string): Promise<readonly { readonly checkpoint_id: string }[]> };
  readonly corrections: {
    listDecisions(planId: string): Promise<readonly { readonly decision: { readonly decision_id: string } }[]>;
    listCorrections(planId: string): Promise<readonly { readonly correction_id: string }[]>;
  };
}

/** Every id the store holds (plans, their checkpoints, decisions and corrections), read in one of its transactions, for {@link ShortIds}. */
export function storedIds(uow: Pick<UnitOfWork, 'plans' | 'checkpoints' | 'decisions' | 'corrections'>): string[] {
  const ids: string[] = [];
  for (const plan of uow.plans.list()) {
    ids.push(plan.plan_id);
    for (const c of uow.checkpoints.listForPlan(plan.plan_id)) ids.push(c.checkpoint_id);
    for (const d of uow.decisions.listForPlan(plan.plan_id)) ids.push(d.decision_id);
    for (const c of uow.corrections.listForPlan(plan.plan_id)) ids.push(c.correction_id);
  }
  return ids;
}

/** Every id of the workspace (plans, their checkpoints, decisions and corrections), for {@link ShortIds}. */
export async function workspaceIds(sources: IdSources): Promise<string[]> {
  const ids: string[] = [];
  for (const plan of await sources.plans.listPlans()) {
    ids.push(plan.plan_id);
    const [checkpoints, decisions, corrections] = await Promise.all([
      sources.checkpoints.listCheckpoints(plan.plan_id),
      sources.corrections.listDecisions(plan.plan_id),
      sources.corrections.listCorrections(plan.plan_id),
    ]);
    for (const c of checkpoints) ids.push(c.checkpoint_id);
    for (const d of decisions) ids.push(d.decision.decision_id);
    for (const c of corrections) ids.push(c.correction_id);
  }
  return ids;
}
