/**
 * Alarms that a protocol reports as a state: a JT/T 808 alarm word keeps its bits set in every
 * location report while the condition lasts (power cut, antenna cut, area exit...), so storing
 * every report's alarms would raise the same alarm every 30 s. Such alarms are raised when they
 * appear, i.e. when the previous state report of the connection did not carry them (what other
 * platforms call "ignore duplicate alarms"). Event alarms (a GT06 alarm packet) are not state.
 */
export function risingAlarms(previous: ReadonlySet<string>, current: readonly string[]): string[] {
  return current.filter((type) => !previous.has(type));
}
