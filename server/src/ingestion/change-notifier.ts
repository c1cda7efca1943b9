/**
 * Tells ingestion when the API has changed something a device's messages depend on (its key, state,
 * point, or the point's parameters): the cached device is dropped and the retained config is
 * published again (DESIGN.md §6). Wraps the services instead of threading a listener through each
 * method: every mutating call names the device or point by its id, as second argument.
 */

type Method = (ctx: unknown, id: string, ...rest: never[]) => Promise<unknown>;

export function afterChanges<S extends object>(
  service: S,
  methods: ReadonlyArray<keyof S>,
  changed: (id: string) => Promise<void>,
  log: { warn(obj: object, msg: string): void },
): S {
  const wrapped = { ...service };
  for (const name of methods) {
    const original = service[name] as unknown as Method;
    (wrapped as Record<keyof S, unknown>)[name] = async (ctx: unknown, id: string, ...rest: never[]) => {
      const result = await original(ctx, id, ...rest);
      // after commit, and never failing the API call: a device also gets its config at each login
      void changed(id).catch((err: unknown) => log.warn({ err, id }, 'device config not republished'));
      return result;
    };
  }
  return wrapped;
}
