/**
 * The server's side of the monitor's load: time and size of both device list calls, measured
 * from Node before any tracker reports (so the figure is the server's, not the browser's).
 */
export async function measureListCalls(base: string, token: string): Promise<string[]> {
  const lines: string[] = [];
  for (const path of ['findDeviceLocationAllV2', 'findDeviceLocationAll']) {
    const t = Date.now();
    const res = await fetch(`${base}/api/device/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    });
    const bytes = (await res.arrayBuffer()).byteLength;
    lines.push(`${path}: ${Date.now() - t} ms, ${(bytes / 2 ** 20).toFixed(2)} MiB`);
  }
  return lines;
}
