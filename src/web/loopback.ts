/** Host names that always mean this machine. */
export const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

export function isLoopbackOrigin(origin: string): boolean {
  try {
    return LOOPBACK_HOSTNAMES.includes(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/** A host name (as `URL.hostname` gives it) that can only mean this machine: localhost, 127.0.0.0/8, [::1]. */
export function isLoopbackHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}
