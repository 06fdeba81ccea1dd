/** Host names that always mean this machine. */
export const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

export function isLoopbackOrigin(origin: string): boolean {
  try {
    return LOOPBACK_HOSTNAMES.includes(new URL(origin).hostname);
  } catch {
    return false;
  }
}
