/**
 * A schema built at its first use instead of when its module is evaluated. The phone's home evaluates
 * several contracts for their labels, addresses and date helpers; building their zod schemas there held
 * a phone's main thread for tens of milliseconds before any form or route needed one.
 *
 * The value stands for the schema in every use (zod's own functions, `.shape`, `.safeParse`, `instanceof`),
 * so a contract keeps exporting a schema, not a function returning one.
 */
export function lazySchema<Schema extends object>(build: () => Schema): Schema {
  let built: Schema | undefined;
  const schema = () => (built ??= build());
  return new Proxy({} as Schema, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    // Reported as configurable: a proxy may not claim a fixed property its own (empty) target lacks.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
