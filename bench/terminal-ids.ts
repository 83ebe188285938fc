/** IMEI-like terminal ids of the benchmark fleet, the same in both processes. */
export const benchTerminalId = (i: number) => `86${String(i).padStart(13, '0')}`;

/** The centre of bench:alarms' probe tracker i's own fence, the same in both processes. */
export const probeCentre = (i: number) => ({ lat: 39.7 + i * 0.01, lon: 116.2 });
