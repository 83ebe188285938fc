/**
 * Loads a provider's JavaScript API ourselves, with a time limit, before the L7 map class is
 * created: L7's own loaders wait forever when the script never answers (no internet), and once
 * the global exists they skip loading. A failed load is remembered per URL so that switching
 * back and forth does not append the same dead script again and again.
 */
const loads = new Map<string, Promise<void>>();

export function loadScript(url: string, ready: () => boolean, callbackName: string | null, timeoutMs: number): Promise<void> {
  if (ready()) return Promise.resolve();
  const existing = loads.get(url);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    const w = window as unknown as Record<string, unknown>;
    let settled = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (callbackName) delete w[callbackName];
      if (error === undefined && ready()) resolve();
      else {
        loads.delete(url);
        script.remove();
        reject(error ?? new Error('the script loaded but its API is missing'));
      }
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    // APIs that load more code after their first file (Baidu, Google) call back when really ready.
    if (callbackName) w[callbackName] = () => finish();
    script.async = true;
    script.src = url;
    script.onerror = () => finish(new Error(`could not load ${new URL(url).host}`));
    if (!callbackName) script.onload = () => finish();
    document.head.appendChild(script);
  });
  loads.set(url, promise);
  return promise;
}

/**
 * AMap JS API 2.0 reads `window._AMapSecurityConfig` when its script loads: set it (from the
 * getKey answer) before the first GaoDe map, or clear it when the setting has none.
 */
export function setAmapSecurityCode(code: string | undefined) {
  const w = window as unknown as { _AMapSecurityConfig?: { securityJsCode: string } };
  if (code) w._AMapSecurityConfig = { securityJsCode: code };
  else delete w._AMapSecurityConfig;
}
