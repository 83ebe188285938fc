/**
 * Map failures are logged (spec section 8: "script load failure and initialization failure are
 * logged"). The browser console is the log of the client; one prefix makes them easy to find.
 */
export function logMapFailure(stage: 'script' | 'init' | 'tiles', provider: string, reason: unknown): void {
  console.error(`[maps] ${stage} failure for ${provider}:`, reason);
}

export function reasonText(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  if (typeof reason === 'string' && reason) return reason;
  if (reason && typeof reason === 'object' && 'type' in reason) return `script ${String((reason as Event).type)}`;
  return 'unknown error';
}
