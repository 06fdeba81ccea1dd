/** Two addresses (URLs or origins) of one site: the same host, or one with `www.` and one without, whatever the scheme. */
export function sameSite(a: string, b: string): boolean {
  try {
    const host = (value: string) => new URL(value).host.replace(/^www\./, '');
    return host(a) === host(b);
  } catch {
    return false;
  }
}
