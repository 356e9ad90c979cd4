// The keyword lease rules: a lease is paid per calendar month in full, and a cancelled one runs to the month's end.

/** The last day (YYYY-MM-DD, local calendar) of the month a cancellation happens in: when the keyword stops. */
export function leaseEndAfterCancel(cancelledAt: Date): string {
  const last = new Date(cancelledAt.getFullYear(), cancelledAt.getMonth() + 1, 0);
  const mm = String(last.getMonth() + 1).padStart(2, '0');
  const dd = String(last.getDate()).padStart(2, '0');
  return `${last.getFullYear()}-${mm}-${dd}`;
}

/** Whether a cancelled lease still runs on a day (the end day included). */
export function stillActive(activeUntil: string, today: Date): boolean {
  const y = today.getFullYear();
  const m = String(today.getMonth() + 1).padStart(2, '0');
  const d = String(today.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}` <= activeUntil;
}

/** Keywords are matched without regard to case, as a customer's text is. */
export function keywordKey(shortcode: number, keyword: string): string {
  return `${shortcode}:${keyword.toLocaleLowerCase('da')}`;
}
