/** Methods of a dataProvider: react-admin calls them and waits on their promise. */
type AsyncMethods = Record<string, (...args: never[]) => Promise<unknown>>;

/**
 * Named dataProvider methods whose module is loaded by the first call, so the first screen (the
 * dashboard) does not download the lists' CRUD, the mailbox's, the agenda's or the reports' calls.
 * Often the module is already there: a screen's chunk imports its hook (`useMailbox()` …) from it.
 * `names` lists the methods, because react-admin checks that a method exists before calling it; its
 * type keeps the list complete.
 */
export function lazyMethods<M extends AsyncMethods>(load: () => Promise<M>, names: Record<keyof M, true>): M {
  let loading: Promise<M> | undefined;
  const methods: Partial<Record<keyof M, unknown>> = {};
  for (const name of Object.keys(names) as (keyof M)[]) {
    methods[name] = async (...args: never[]) => {
      loading ??= load().catch((error: unknown) => {
        loading = undefined; // a failed download (offline) is tried again by the next call
        throw error;
      });
      return (await loading)[name](...args);
    };
  }
  return methods as M;
}
