import type superjson from "superjson";

type Serialised = ReturnType<typeof superjson.serialize>;

/** Thrown inside the walk when a value needs superjson's full treatment. */
const NOT_PLAIN = Symbol("not plain");

const escapeKey = (key: string) => key.replace(/\\/g, "\\\\").replace(/\./g, "\\.");

/**
 * superjson's exact output for plain data (objects, arrays, finite numbers, valid Dates, undefined), without
 * superjson's walk through its type registry (docs/decisions/025); null for anything else, left to superjson.
 */
export function serialisePlain(value: unknown): Serialised | null {
  const values: Record<string, ["Date"] | ["undefined"]> = {};
  const seen = new Set<object>();
  // The keys from the root to the value being walked; a value's path is only spelled out when it is annotated.
  const keys: (string | number)[] = [];
  let annotated = false;
  const annotate = (kind: "Date" | "undefined") => {
    values[keys.map((key) => (typeof key === "number" ? String(key) : escapeKey(key))).join(".")] = [kind];
    annotated = true;
  };

  function walk(input: unknown): unknown {
    switch (typeof input) {
      case "string":
      case "boolean":
        return input;
      case "number":
        if (!Number.isFinite(input) || Object.is(input, -0)) throw NOT_PLAIN;
        return input;
      case "undefined":
        annotate("undefined");
        return null;
      case "object": {
        if (input === null) return null;
        if (seen.has(input)) throw NOT_PLAIN; // superjson records shared references and cycles
        if (input instanceof Date) {
          const time = input.getTime();
          if (Number.isNaN(time)) throw NOT_PLAIN;
          annotate("Date");
          return input.toISOString();
        }
        seen.add(input);
        if (Array.isArray(input)) {
          const out = new Array<unknown>(input.length);
          for (let i = 0; i < input.length; i++) {
            keys.push(i);
            out[i] = walk(input[i]);
            keys.pop();
          }
          return out;
        }
        const proto = Object.getPrototypeOf(input) as unknown;
        if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN;
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(input)) {
          keys.push(key);
          out[key] = walk((input as Record<string, unknown>)[key]);
          keys.pop();
        }
        return out;
      }
      case "bigint":
      case "function":
      case "symbol":
        throw NOT_PLAIN;
    }
  }

  let json: unknown;
  try {
    json = walk(value);
  } catch (error) {
    if (error === NOT_PLAIN) return null;
    throw error;
  }
  if (!annotated) return { json } as Serialised;
  // A lone value (not inside an object or array) is annotated without a path, as superjson does.
  const root = values[""];
  return { json, meta: { values: root ?? values, v: 1 } } as Serialised;
}
