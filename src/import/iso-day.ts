/** The day of an ISO date or date-time, or undefined. */
export function isoDay(value: string | undefined): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value?.trim() ?? '');
  return match?.[1];
}
