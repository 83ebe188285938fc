/** IMEI-like terminal ids of the benchmark fleet, the same in both processes. */
export const benchTerminalId = (i: number) => `86${String(i).padStart(13, '0')}`;

/** The centre of bench:alarms' probe tracker i's own fence, the same in both processes. */
export const probeCentre = (i: number) => ({ lat: 39.7 + i * 0.01, lon: 116.2 });

/**
 * bench:commands' mixed fleet, the same in every process: even trackers GT06 (15-digit IMEI),
 * odd ones JT/T 808 with an 11-digit terminal number (the 808 header carries 12 BCD digits).
 */
export const mixedFleetMember = (i: number) =>
  i % 2 === 0
    ? { terminalId: benchTerminalId(i), family: 'gt06' as const }
    : { terminalId: `135${String(i).padStart(8, '0')}`, family: 'jt808' as const };
