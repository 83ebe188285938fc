/** IMEI-like terminal ids of the benchmark fleet, the same in both processes. */
export const benchTerminalId = (i: number) => `86${String(i).padStart(13, '0')}`;
