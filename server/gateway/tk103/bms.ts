/** placeholder */
export function readBms(code: string, body: string): Record<string, unknown> {
  return { bms: body };
}
