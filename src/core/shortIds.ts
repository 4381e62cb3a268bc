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
    // Ending by ending, from the shortest: an id whose last `length` characters no other id of the
    // group ends with takes them; the rest go on to one more character. An id settled at a shorter
    // length ends unlike every other there, so none of the rest can end like it at a longer one.
    // (Counting endings costs a slice per id per round; a workspace of 5,000 ids settles nearly
    // all of them in the first.)
    let group = [...new Set(ids)];
    for (let length = MIN_SHORT_ID; group.length > 0 && length <= RANDOM_PART; length++) {
      const endings = new Map<string, number>();
      for (const id of group) endings.set(id.slice(-length), (endings.get(id.slice(-length)) ?? 0) + 1);
      const rest: string[] = [];
      for (const id of group) {
        const ending = id.slice(-length);
        if (endings.get(ending) === 1) this.shortOf.set(id, ending);
        else rest.push(id);
      }
      group = rest;
    }
    for (const id of group) this.shortOf.set(id, id);
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


/** What the ids of a workspace are read from: its store (a narrow view, so both front ends can pass theirs). */
export interface IdSources {
  readonly store: { read<T>(work: (uow: { readonly ids: { all(): string[] } }) => T): Promise<T> };
}

/** Every id of the workspace (plans, their checkpoints, decisions and corrections), for {@link ShortIds}. */
export function workspaceIds(sources: IdSources): Promise<string[]> {
  return sources.store.read((uow) => uow.ids.all());
}
