import { BlameKeeper, type BlameKeeperOptions, type KeeperServices } from '../../core/provenance/blameKeeper';
import type { StoreSections } from '../../storeSections';

// The extension keeps the line attribution of the checkpoints it records itself (automatic ones on
// saves, manual ones, the language model tools' and the API's, the safety checkpoints of rollbacks
// and undos), as the resident process does for the hooks' (docs/PROVENANCE.md, "What is kept, and
// when"): the first open of such a file with Show Agent Changes on then reads what was kept instead
// of comparing every version. One keeper per folder's services, whether the marks are on or not: it
// runs only after this process wrote the database under the store's lock, and costs one
// comparison of a version per path per checkpoint, in small steps that let the extension host's
// other work in between two, and that stop for this folder's next checkpoint, rollback or undo.

/** How long the folder's store must have been left alone before the keeper starts: a burst of saves, or a rollback's steps, come closer together. */
export const KEEPER_QUIET_MS = 300;

export interface AttributionKeeping {
  /** Resolves when the work asked for so far is done (or given up for good); tests wait on it. */
  settled(): Promise<void>;
  /** Nothing more is done with the services (they are being disposed): the step under way is the last. */
  dispose(): void;
}

export interface AttributionKeepingOptions {
  readonly log?: (line: string) => void;
  /** The keeper's events (tests follow the work with them). */
  readonly events?: Pick<BlameKeeperOptions, 'onStep' | 'onStopped' | 'onPass'>;
  readonly quietMs?: number;
}

/** Starts keeping the attribution of what `services` record from now on. */
export function keepAttributionOf(services: KeeperServices & { readonly sections: StoreSections }, options: AttributionKeepingOptions = {}): AttributionKeeping {
  const sections = services.sections;
  const quietMs = options.quietMs ?? KEEPER_QUIET_MS;
  let disposed = false;
  const sleeping = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleeping.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleeping.add(wake);
    });
  const keeper = new BlameKeeper({
    ...options.events,
    ...(options.log ? { log: options.log } : {}),
    // Checkpoints made before: the resident process's keeper, or the first call, had them.
    since: new Date(),
    activity: {
      // A checkpoint, rollback or undo of this folder under way in this process: the keeper's step
      // under way ends, the rest waits for the next quiet moment.
      busy: () => sections.busy(),
      whenIdle: async () => {
        while (!disposed) {
          await sections.whenIdle();
          const begun = sections.sectionsBegun;
          await sleep(quietMs);
          if (!sections.busy() && sections.sectionsBegun === begun) return;
        }
      },
    },
  });
  // Only a section that wrote the database (a checkpoint's row, a rollback's safety checkpoint) can
  // have recorded one: the store left alone, or a section that wrote nothing, costs no pass.
  const stopListening = sections.onDidWrite(() => keeper.note(services));
  return {
    settled: () => keeper.settled(),
    dispose: () => {
      disposed = true;
      stopListening();
      keeper.close();
      for (const wake of [...sleeping]) wake();
    },
  };
}
