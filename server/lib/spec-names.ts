/**
 * A route answered under the spec client's name as well (spec section 7 lists calls by names our
 * routes were not given): the same schema and handler under each path, so both are in the
 * OpenAPI document (and so in the hostile-input test), the alias saying what it stands for.
 */
export interface SpecName {
  url: string;
  /** The route's description, for the alias with the name it stands for. */
  describe: (description: string) => string;
}

export function specNames(canonical: string, ...aliases: string[]): SpecName[] {
  return [
    { url: canonical, describe: (d) => d },
    ...aliases.map((url) => ({
      url,
      describe: (d: string) => `${d}. The spec client's name for ${canonical} (same request and answer).`,
    })),
  ];
}
